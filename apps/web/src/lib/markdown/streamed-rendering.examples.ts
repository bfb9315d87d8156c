import type { Provider } from '@parallax/contract';

/** Markdown beyond CommonMark that answers use: GFM tables, both math styles, footnotes. */
export interface ExtensionExample {
  name: string;
  markdown: string;
  provider: Provider | null;
}

const gfm = (name: string, markdown: string): ExtensionExample => ({
  name: `GFM ${name}`,
  markdown,
  provider: null,
});

const TABLES: ExtensionExample[] = [
  gfm('table', '| foo | bar |\n| --- | --- |\n| baz | bim |\n'),
  gfm('table with alignment', '| abc | defghi |\n:-: | -----------:\nbar | baz\n'),
  gfm('table with escaped pipes', '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n'),
  gfm('table ended by a block quote', '| abc | def |\n| --- | --- |\n| bar | baz |\n> bar\n'),
  gfm('table rows without pipes', '| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar\n'),
  gfm('header and delimiter mismatch', '| abc | def |\n| --- |\n| bar |\n'),
  gfm('rows of other lengths', '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n'),
  gfm('table without body', '| abc | def |\n| --- | --- |\n'),
  gfm('table after a paragraph', 'Intro line\n| a | b |\n| - | - |\n| 1 | 2 |\n\nAfter.\n'),
  gfm(
    'strikethrough, autolinks and task lists',
    '~~gone~~ www.example.com\n\n- [x] done\n- [ ] todo\n',
  ),
];

const MATH: ExtensionExample[] = [
  ...(['openai', 'anthropic', 'grok'] as const).map((provider) => ({
    name: `math with \\[ \\] and \\( \\) (${provider})`,
    markdown:
      'The area is \\(\\pi r^2\\), costing $5.\n\n\\[\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n\\]\n\nInline \\(a_1\\) and display:\n\\[E = mc^2\\]\n\n- item \\(x\\)\n\n  \\[y\\]\n\n`\\(code\\)` stays.\n',
    provider,
  })),
  ...(['gemini', 'google'] as const).map((provider) => ({
    name: `math with $$ and $ (${provider})`,
    markdown:
      'The area is $\\pi r^2$.\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$\n\nA table:\n\n| f | value |\n|---|---|\n| $x^2$ | $$y$$ |\n\n$$\na\n\nb\n$$\n\n1. $n$\n\n   $$\n   m\n   $$\n',
    provider,
  })),
  {
    name: 'math with either style (no provider)',
    markdown: 'A \\(x\\) and $y$.\n\n\\[z\\]\n\n$$\nw\n$$\n',
    provider: null,
  },
];

const note = (name: string, markdown: string): ExtensionExample => ({
  name: `footnotes: ${name}`,
  markdown,
  provider: null,
});

const FOOTNOTES: ExtensionExample[] = [
  note(
    'called before their definition',
    'First[^a] and second[^b].\n\nAgain[^a].\n\n[^a]: Note A.\n\n[^b]: Note B\n    with a second line.\n',
  ),
  note(
    'definitions with several blocks',
    'Text[^long].\n\n[^long]: First paragraph.\n\n    Second paragraph.\n\n        indented code\n\n    - a list\n\nAfter the note.\n',
  ),
  note('called inside a footnote', 'Call[^1].\n\n[^1]: See also[^2].\n\n[^2]: The other.\n'),
  note(
    'defined before their call, in lists and quotes',
    '[^q]: Quoted note.\n\n> Quote[^q]\n\n- item[^q]\n',
  ),
  note('undefined call stays text', 'Nothing[^missing] here.\n\n[^other]: Unused.\n'),
  note('labels differing in case and space', 'A[^Foo  Bar].\n\n[^foo bar]: Same note.\n'),
];

const STREAMING: ExtensionExample[] = [
  gfm(
    'loose list with several paragraphs per item',
    '1. First item.\n\n   Its second paragraph.\n\n2. Second item.\n\n   ```js\n   const a = 1;\n\n   const b = 2;\n   ```\n\n3. Third.\n\nAfter the list.\n',
  ),
  gfm(
    'indented code across blank lines',
    'Para.\n\n    code line 1\n\n\n    code line 2\n\nAfter.\n',
  ),
  gfm(
    'reference links defined in another block',
    'See [the docs][docs], [Docs] and ![logo][img].\n\n- [docs] in a list\n\n> [docs] in a quote\n\n[docs]: https://example.com/docs "The docs"\n[img]: https://example.com/logo.png\n',
  ),
  gfm(
    'definition with its title on the next line',
    '[x]\n\n[x]: /url\n"a title"\n\n[y]: /other\n\'title\nover two lines\'\n\n[y]\n',
  ),
  gfm('first definition of a label wins', '[a]\n\n[a]: /first\n\n[A]: /second\n'),
  gfm('list that continues after a number line', '1. one\n\n2. two\n\n10. ten\n\n2\n3\n'),
  gfm('setext headings and breaks', 'Title\n=====\n\nSub\n---\n\n***\n\nText\n- - -\n'),
  gfm(
    'raw html stays text',
    '<div>\n*hi*\n</div>\n\n<script>alert(1)</script>\n\n<!-- comment\n\nstill -->\n',
  ),
  gfm(
    'a mixed answer',
    '# Plan\n\nHere is **the plan**[^p]:\n\n1. Parse.\n\n   ```ts\n   const x: number = 1;\n   ```\n\n2. Render \\(x\\).\n\n| step | cost |\n|:--|--:|\n| a | 1 |\n\n> Note: see [ref].\n>\n> > nested\n\n[ref]: https://example.com\n[^p]: As agreed.\n',
  ),
];

export const EXTENSION_EXAMPLES: ExtensionExample[] = [
  ...TABLES,
  ...MATH,
  ...FOOTNOTES,
  ...STREAMING,
];
