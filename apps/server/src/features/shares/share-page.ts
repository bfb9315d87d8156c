import type { Citation, ShareSnapshot, ToolCallView } from '@parallax/contract';
import { renderMarkdown } from './share-markdown';
import { SHARE_PAGE_CSS } from './share-page.css';
import type { SharedPage } from './shares.service';

/** The KaTeX stylesheet and fonts, served beside the page (share-page.routes.ts). */
export const SHARE_ASSETS_PREFIX = '/share-assets/';
const DESCRIPTION_CHARS = 200;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function plainExcerpt(text: string): string {
  const flat = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#*_`>$[\]()|~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > DESCRIPTION_CHARS ? `${flat.slice(0, DESCRIPTION_CHARS - 1)}…` : flat;
}

function descriptionOf(snapshot: ShareSnapshot): string {
  const first =
    snapshot.kind === 'conversation' ? snapshot.turns[0]?.question : snapshot.turns[0]?.prompt;
  const excerpt = first ? plainExcerpt(first) : '';
  const what = snapshot.kind === 'conversation' ? 'A chat' : 'A comparison of AI models';
  return excerpt ? `${what} shared from Parallax: ${excerpt}` : `${what} shared from Parallax.`;
}

function toolRows(calls: readonly ToolCallView[] | undefined): string {
  if (!calls?.length) return '';
  const rows = calls.map((call) => {
    const args = call.arguments.length > 160 ? `${call.arguments.slice(0, 159)}…` : call.arguments;
    return `<li><span class="tool-name">${escapeHtml(call.name)}</span> <code>${escapeHtml(args)}</code> <span class="tool-state">${escapeHtml(call.status)}</span></li>`;
  });
  return `<ul class="tools" aria-label="Tools used">${rows.join('')}</ul>`;
}

function sourceList(citations: readonly Citation[] | undefined): string {
  if (!citations?.length) return '';
  const items = citations.map(
    (c) =>
      `<li value="${c.index}"><a href="${escapeHtml(c.url)}" rel="nofollow noopener noreferrer ugc" target="_blank">${escapeHtml(c.title || c.url)}</a> <span class="site">${escapeHtml(c.site)}</span></li>`,
  );
  return `<details class="sources"><summary>Sources (${citations.length})</summary><ol>${items.join('')}</ol></details>`;
}

/** The shared files, each a download through the page's own link. */
function attachmentList(
  files: ReadonlyArray<{ filename: string; size: number }>,
  filesUrl: string,
): string {
  if (files.length === 0) return '';
  const items = files.map(
    (a, n) =>
      `<li>📎 <a href="${filesUrl}/${n}" download>${escapeHtml(a.filename)}</a> <span class="site">${Math.ceil(a.size / 1024)} KB</span></li>`,
  );
  return `<ul class="attachments">${items.join('')}</ul>`;
}

function answerHtml(answer: string | null, provider: Parameters<typeof renderMarkdown>[1]): string {
  return answer === null || answer === ''
    ? '<p class="empty">No answer.</p>'
    : renderMarkdown(answer, provider);
}

function chatBody(
  snapshot: Extract<ShareSnapshot, { kind: 'conversation' }>,
  token: string,
): string {
  return snapshot.turns
    .map(
      (turn, i) => `<section class="turn">
<div class="question"><div class="role">Prompt</div><div class="md">${renderMarkdown(turn.question, null)}</div>${attachmentList(turn.attachments, `/share/${token}/files/${i}`)}</div>
<div class="answer"><div class="role">${escapeHtml(turn.model_friendly_name ?? 'Assistant')}</div>${toolRows(turn.tool_calls)}<div class="md">${answerHtml(turn.answer, turn.provider)}</div>${sourceList(turn.citations)}</div>
</section>`,
    )
    .join('\n');
}

function compareBody(
  snapshot: Extract<ShareSnapshot, { kind: 'comparison' }>,
  continueUrl: string,
): string {
  const heads = snapshot.panels
    .map((panel, i) => {
      const name = panel.model_friendly_name ?? panel.label;
      return `<div class="panel-head"><span>${escapeHtml(name)}</span><a class="small-button" href="${continueUrl}?panel=${i}">Continue with this one</a></div>`;
    })
    .join('');
  const turns = snapshot.turns.map((turn) => {
    const answers = snapshot.panels.map((panel, i) => {
      const answer = turn.answers.find((a) => a.panel === i);
      const name = panel.model_friendly_name ?? panel.label;
      return `<div class="answer"><div class="role">${escapeHtml(name)}</div>${toolRows(answer?.tool_calls)}<div class="md">${answerHtml(answer?.answer ?? null, panel.provider)}</div>${sourceList(answer?.citations)}</div>`;
    });
    return `<section class="turn">
<div class="question"><div class="role">Prompt</div><div class="md">${renderMarkdown(turn.prompt, null)}</div></div>
<div class="panels" style="--panels:${snapshot.panels.length}">${answers.join('')}</div>
</section>`;
  });
  const blind =
    snapshot.blind && snapshot.panels.every((p) => p.model_friendly_name === null)
      ? '<p class="meta">A blind comparison: the models are not named.</p>'
      : '';
  return `${blind}<div class="panels heads" style="--panels:${snapshot.panels.length}">${heads}</div>\n${turns.join('\n')}`;
}

function head(title: string, description: string, url: string, indexable: boolean): string {
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  return `<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="light dark" />
<title>${t} · Parallax</title>
<meta name="description" content="${d}" />
<meta name="robots" content="${indexable ? 'index, follow' : 'noindex, nofollow'}" />
<meta property="og:type" content="article" />
<meta property="og:site_name" content="Parallax" />
<meta property="og:title" content="${t}" />
<meta property="og:description" content="${d}" />
<meta property="og:url" content="${escapeHtml(url)}" />
<meta name="twitter:card" content="summary" />
<meta name="twitter:title" content="${t}" />
<meta name="twitter:description" content="${d}" />
<link rel="canonical" href="${escapeHtml(url)}" />
<link rel="stylesheet" href="${SHARE_ASSETS_PREFIX}katex/katex.min.css" />
<style>${SHARE_PAGE_CSS}</style>`;
}

/** The shared chat or comparison as one HTML page: no script, everything rendered here. */
export function renderSharePage(page: SharedPage, token: string, appUrl: string): string {
  const { snapshot } = page;
  const url = `${appUrl}/share/${token}`;
  const continueUrl = `/share/${token}/continue`;
  const date = new Date(page.updatedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const by = page.ownerName ? `Shared by ${escapeHtml(page.ownerName)} · ` : '';
  const turns = `${snapshot.turns.length} ${snapshot.turns.length === 1 ? 'turn' : 'turns'}`;
  const body =
    snapshot.kind === 'conversation'
      ? chatBody(snapshot, token)
      : compareBody(snapshot, continueUrl);
  const button =
    snapshot.kind === 'conversation'
      ? `<a class="button" href="${continueUrl}">Continue this chat</a>`
      : `<a class="button" href="${continueUrl}?panel=0">Continue this chat</a>`;
  return `<!doctype html>
<html lang="en">
<head>
${head(snapshot.title, descriptionOf(snapshot), url, page.allowIndexing)}
</head>
<body>
<header class="bar"><a class="brand" href="/">Parallax</a>${button}</header>
<main class="${snapshot.kind === 'comparison' ? 'wide' : ''}">
<h1>${escapeHtml(snapshot.title)}</h1>
<p class="meta">${by}${escapeHtml(date)} · ${turns} · a read-only snapshot</p>
${body}
</main>
<footer><p>${button}</p><p>Shared from <a href="/">Parallax</a>. AI answers can be wrong: check what matters.</p></footer>
</body>
</html>
`;
}

/** What a link that is not (or no longer) there answers, with status 404. */
export function renderMissingPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="light dark" />
<meta name="robots" content="noindex, nofollow" />
<title>Link not available · Parallax</title>
<style>${SHARE_PAGE_CSS}</style>
</head>
<body>
<header class="bar"><a class="brand" href="/">Parallax</a></header>
<main class="missing">
<h1>This link is not available</h1>
<p>It may have expired, or the person who shared it removed it or the chat.</p>
<p><a class="button" href="/">Start a new chat</a></p>
</main>
</body>
</html>
`;
}
