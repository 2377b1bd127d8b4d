/**
 * A newsletter of about `bytes` of HTML (issue 51, E2: the 1 MB email whose checks held the Preview
 * back): a full document with a stylesheet, then articles of a table, a heading, text, a link and
 * an image each, the unsubscribe link last. The checks' unit tests and the bench read it.
 */
export function largeNewsletter(bytes = 1024 * 1024): string {
  const head = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Weekly digest</title><style>.card{border-radius:6px;padding:12px}h2{margin:0 0 8px;font-family:Arial,sans-serif}</style></head><body>';
  const tail = '<p><a href="https://news.example.com/unsubscribe">Unsubscribe</a></p></body></html>';
  const article = (i: number) =>
    `<table role="presentation" width="100%" class="card" style="background-color:#f6f6f6;border-radius:6px"><tr><td style="padding:12px">` +
    `<h2>Article ${i}: what changed this week</h2>` +
    `<p style="line-height:1.5;color:#333">Ada shipped the release notes for week ${i}. The team read ${i * 3} comments and closed ${i % 17} issues; the details are on the site.</p>` +
    `<a href="https://news.example.com/articles/${i}" style="color:#0b5fff">Read article ${i}</a>` +
    `<img src="https://cdn.example.com/articles/${i}.png" alt="Article ${i}" width="560" height="200">` +
    `</td></tr></table>`;
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 1; size < bytes; i++) {
    const next = article(i);
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return parts.join('');
}
