/**
 * The shared page's own styles, inlined (one request, no script): system fonts, light and dark
 * from the viewer's setting, one column for a chat and side-by-side panels for a comparison
 * (stacked on a phone), and a small highlight.js palette for code.
 */
export const SHARE_PAGE_CSS = `
:root{--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--accent:#4f46e5;--accent-fg:#ffffff;--code:#f6f8fa;
--k:#cf222e;--s:#0a3069;--n:#0550ae;--c:#6e7781;--t:#8250df;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#30363d;--card:#161b22;--accent:#818cf8;--accent-fg:#0d1117;--code:#161b22;
--k:#ff7b72;--s:#a5d6ff;--n:#79c0ff;--c:#8b949e;--t:#d2a8ff}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
.bar{position:sticky;top:0;z-index:1;display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.6rem 1rem;background:var(--bg);border-bottom:1px solid var(--line)}
.brand{font-weight:700;color:var(--fg);text-decoration:none;font-size:1.1rem}
.button{display:inline-block;padding:.5rem .9rem;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);font-weight:600;text-decoration:none;white-space:nowrap}
.button:focus-visible,.small-button:focus-visible{outline:2px solid var(--fg);outline-offset:2px}
.small-button{font-size:.8rem;padding:.15rem .5rem;border:1px solid var(--line);border-radius:.4rem;text-decoration:none;white-space:nowrap}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem 2rem}
main.wide{max-width:80rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 .25rem;overflow-wrap:anywhere}
.meta{color:var(--muted);font-size:.9rem;margin:0 0 1.5rem}
.turn{margin:0 0 2rem}
.question{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:.75rem 1rem;margin:0 0 1rem}
.answer{padding:0 .25rem;min-width:0}
.role{font-size:.8rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em;margin-bottom:.25rem}
.md{overflow-wrap:anywhere}
.md h1{font-size:1.3rem}.md h2{font-size:1.15rem}.md h3{font-size:1.05rem}
.md>:first-child{margin-top:0}.md>:last-child{margin-bottom:0}
.md pre{background:var(--code);border:1px solid var(--line);border-radius:.5rem;padding:.75rem;overflow-x:auto;font-size:.875rem;line-height:1.5}
.md code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.md :not(pre)>code{background:var(--code);border-radius:.3rem;padding:.1em .35em}
.md table{border-collapse:collapse;display:block;overflow-x:auto}
.md th,.md td{border:1px solid var(--line);padding:.3rem .6rem}
.md blockquote{margin:0;padding:0 1rem;border-left:3px solid var(--line);color:var(--muted)}
.md img{max-width:100%}
.katex-display{overflow-x:auto;overflow-y:hidden;padding:.25rem 0}
.tools{list-style:none;padding:0;margin:0 0 .5rem;font-size:.85rem;color:var(--muted)}
.tools li{border:1px solid var(--line);border-radius:.4rem;padding:.25rem .5rem;margin:.25rem 0;overflow-wrap:anywhere}
.tool-name{font-weight:600;color:var(--fg)}
.sources{margin:.75rem 0 0;font-size:.9rem}
.sources summary{cursor:pointer;color:var(--muted)}
.site,.empty{color:var(--muted);font-size:.85em}
.attachments{list-style:none;padding:0;margin:.5rem 0 0;font-size:.9rem}
.panels{display:grid;grid-template-columns:repeat(var(--panels),minmax(0,1fr));gap:1rem}
.panels>.answer{border:1px solid var(--line);border-radius:.75rem;padding:.75rem 1rem}
.panels.heads{margin:0 0 1rem}
.panel-head{display:flex;align-items:center;justify-content:space-between;gap:.5rem;font-weight:600}
footer{max-width:48rem;margin:0 auto;padding:1rem 1rem 3rem;color:var(--muted);font-size:.9rem;border-top:1px solid var(--line)}
.missing{text-align:center;padding-top:4rem}
@media (max-width:700px){.panels{grid-template-columns:1fr}.panels.heads{display:none}h1{font-size:1.35rem}}
.hljs-keyword,.hljs-selector-tag,.hljs-meta .hljs-keyword{color:var(--k)}
.hljs-string,.hljs-regexp,.hljs-addition{color:var(--s)}
.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute,.hljs-built_in,.hljs-variable{color:var(--n)}
.hljs-comment,.hljs-quote,.hljs-deletion{color:var(--c);font-style:italic}
.hljs-title,.hljs-title.function_,.hljs-type,.hljs-section{color:var(--t)}
`;
