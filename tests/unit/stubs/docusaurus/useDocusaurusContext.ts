/** Test stub: the site configuration the components read (its URL, for canonical links). */
export default function useDocusaurusContext(): {siteConfig: {url: string; baseUrl: string}} {
  return {siteConfig: {url: 'https://docs.example.com', baseUrl: '/'}};
}
