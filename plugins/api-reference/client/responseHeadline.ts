/**
 * A response's summary line: the first line of its description as plain text ("No description"
 * without one), and whether the description says more than that line (then it is shown in full
 * under the summary). Shared by the ResponseList component and the page planner's weights.
 */
export function responseHeadline(description: string | undefined): {headline: string; more: boolean} {
  const plain = description
    ?.replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  const headline = plain?.split('\n')[0] ?? 'No description';
  return {headline, more: plain !== headline};
}
