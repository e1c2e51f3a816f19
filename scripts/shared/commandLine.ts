/**
 * How a command of this project reads its command line: `parse` (strict `parseArgs`, and checks of
 * the values) either gives the options or throws the reason, which is printed with the usage, exit
 * 2; `--help` prints the usage and does nothing else. Used by `npm test`, `npm run test:quick`,
 * the benchmarks and `npm run session-check`.
 */
export async function withOptions<T extends {help: boolean}>(
  parse: () => T,
  usage: string,
  run: (options: T) => Promise<void> | void,
): Promise<void> {
  let options: T;
  try {
    options = parse();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    return;
  }
  await run(options);
}
