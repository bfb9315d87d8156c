import type { Rng } from './random';

export type MathStyle = 'latex-brackets' | 'dollars';

export interface BlockContext {
  rng: Rng;
  topic: string;
  model: string;
  math: MathStyle;
}

const SENTENCES = [
  'The short version is that {topic} depends on a few moving parts that are easy to reason about once named.',
  'A good first step with {topic} is to measure before changing anything.',
  'Most surprises around {topic} come from the edges: empty inputs, slow networks and retries.',
  'In practice {topic} works best when each step does one thing and reports what it did.',
  'The trade-off is between simplicity now and flexibility later, and {topic} rarely needs both.',
  'Keep the feedback loop short so that mistakes in {topic} show up within seconds.',
  'It helps to write down the assumptions behind {topic} before relying on them.',
  'When {topic} misbehaves, the logs usually point at the first step that got unexpected input.',
];

const BULLETS = [
  '**Scope**: decide what {topic} must cover and what it may skip',
  '**Inputs**: validate them once, at the boundary',
  '**Failure modes**: plan for timeouts, partial results and retries',
  '**Cost**: count calls, tokens and time, not just lines of code',
  '**Observability**: record enough to explain any single result',
  '**Defaults**: choose safe ones and make them easy to override',
  '**Testing**: cover the happy path and the two most likely failures',
];

const DISPLAY_FORMULAS = [
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '\\int_{0}^{1} x^{2}\\,dx = \\frac{1}{3}',
  'a^{2} + b^{2} = c^{2}',
  'e^{i\\pi} + 1 = 0',
  'P(A \\mid B) = \\frac{P(B \\mid A)\\,P(A)}{P(B)}',
];

const INLINE_FORMULAS = ['O(n \\log n)', 'x = \\frac{-b}{2a}', '\\sqrt{2} \\approx 1.414', 'n^{2}'];

function sentence(ctx: BlockContext): string {
  return ctx.rng.pick(SENTENCES).replaceAll('{topic}', ctx.topic.toLowerCase());
}

function display(formula: string, math: MathStyle): string {
  return math === 'dollars' ? `$$\n${formula}\n$$` : `\\[\n${formula}\n\\]`;
}

function inline(formula: string, math: MathStyle): string {
  return math === 'dollars' ? `$${formula}$` : `\\(${formula}\\)`;
}

function intro(ctx: BlockContext, part: number): string {
  const heading = part === 0 ? `## ${ctx.topic}` : `## ${ctx.topic}, part ${part + 1}`;
  const lead = part === 0 ? `This is a simulated answer from \`${ctx.model}\`. ` : '';
  return `${heading}\n\n${lead}${sentence(ctx)} ${sentence(ctx)}`;
}

function mathBlock(ctx: BlockContext): string {
  const formula = ctx.rng.pick(DISPLAY_FORMULAS);
  const cost = inline(ctx.rng.pick(INLINE_FORMULAS), ctx.math);
  return `The key relation is\n\n${display(formula, ctx.math)}\n\nso the work grows like ${cost}.`;
}

function bulletList(ctx: BlockContext): string {
  const count = 3 + ctx.rng.int(2);
  const start = ctx.rng.int(BULLETS.length);
  const items = Array.from(
    { length: count },
    (_, i) => BULLETS[(start + i) % BULLETS.length] ?? '',
  );
  return `### Things to check\n\n${items.map((item) => `- ${item.replaceAll('{topic}', ctx.topic.toLowerCase())}`).join('\n')}`;
}

function table(ctx: BlockContext): string {
  const options = ['Simple', 'Balanced', 'Thorough'];
  const rows = options.map((name, i) => {
    const effort = ['low', 'medium', 'high'][i] ?? 'medium';
    const minutes = (i + 1) * (5 + ctx.rng.int(10));
    return `| ${name} | ${effort} | ${minutes} min |`;
  });
  return ['| Approach | Effort | Time |', '| --- | --- | --- |', ...rows].join('\n');
}

function codeBlock(ctx: BlockContext): string {
  const limit = 10 + ctx.rng.int(90);
  const variants = [
    `\`\`\`typescript\nexport function clamp(value: number, max = ${limit}): number {\n  return Math.min(Math.max(value, 0), max);\n}\n\`\`\``,
    `\`\`\`python\ndef batches(items, size=${limit}):\n    for start in range(0, len(items), size):\n        yield items[start:start + size]\n\`\`\``,
    `\`\`\`bash\nfor i in $(seq 1 ${(limit % 10) + 2}); do\n  echo "attempt $i"\ndone\n\`\`\``,
    `\`\`\`sql\nSELECT id, created_at\nFROM events\nORDER BY created_at DESC\nLIMIT ${limit};\n\`\`\``,
  ];
  return `Here is a small example:\n\n${ctx.rng.pick(variants)}`;
}

function steps(ctx: BlockContext): string {
  const lines = [
    'Reproduce the behaviour with the smallest input you can.',
    'Change one thing at a time and note the result.',
    'Keep the change that helped and remove the rest.',
    'Write a test that would have caught the problem.',
  ];
  const count = 3 + ctx.rng.int(2);
  return `### Steps\n\n${lines
    .slice(0, count)
    .map((line, i) => `${i + 1}. ${line}`)
    .join('\n')}`;
}

function summary(ctx: BlockContext): string {
  return `### Summary\n\n${sentence(ctx)}`;
}

const BLOCK_ORDER: ReadonlyArray<(ctx: BlockContext, part: number) => string> = [
  intro,
  mathBlock,
  bulletList,
  table,
  codeBlock,
  steps,
  summary,
];

/** An endless, deterministic sequence of markdown blocks; the caller decides where to stop. */
export function* answerBlocks(ctx: BlockContext): Generator<string> {
  for (let part = 0; ; part++) {
    for (const block of BLOCK_ORDER) {
      yield block(ctx, part);
    }
  }
}
