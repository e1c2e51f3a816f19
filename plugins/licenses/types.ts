/** Data handed to the licences page (the only thing the browser receives from this plugin). */

export interface ShippedPackage {
  name: string;
  version: string;
  /** SPDX expression from package.json (`license`), or "UNKNOWN". */
  license: string;
  /** Homepage or repository URL, when the package names one. */
  url: string | null;
  /** The package's own licence file, verbatim, when it has one. */
  licenseText: string | null;
  /** Name of that file, e.g. "LICENSE". */
  licenseFile: string | null;
}

export interface LicenseGroup {
  license: string;
  packages: ShippedPackage[];
}

export interface ApiLicense {
  name: string;
  url: string | null;
}

export interface LicensesData {
  /** False only in the placeholder used before the client bundle is known (never in a finished build). */
  complete: boolean;
  /**
   * The bundle described: a production build, or the development server's bundle,
   * which also carries the development tools it injects (hot reloading).
   */
  mode: 'production' | 'development';
  /** The API's own licence, from `info.license` of the OpenAPI document. */
  api: ApiLicense | null;
  groups: LicenseGroup[];
  /** Number of packages over all groups. */
  packageCount: number;
}
