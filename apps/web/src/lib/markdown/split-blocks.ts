const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MATH_FENCE = /^ {0,3}\$\$\s*$/;

/**
 * Splits markdown at blank lines that lie outside code and math fences. Each block renders on
 * its own, so while an answer streams only the last block changes and the ones before it are
 * memoised: the cost of a token stays flat however long the answer gets.
 */
export function splitMarkdownBlocks(text: string): string[] {
  return scanMarkdownBlocks(text).blocks;
}

/** The blocks, and whether the text ends inside a code or math fence. */
export function scanMarkdownBlocks(text: string): { blocks: string[]; open: boolean } {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let inMath = false;
  for (const line of text.split('\n')) {
    if (fence) {
      current.push(line);
      const close = FENCE.exec(line);
      if (close?.[1] && close[1][0] === fence[0] && close[1].length >= fence.length && line.trim() === close[1])
        fence = null;
      continue;
    }
    if (inMath) {
      current.push(line);
      if (MATH_FENCE.test(line)) inMath = false;
      continue;
    }
    const open = FENCE.exec(line);
    if (open?.[1]) {
      fence = open[1];
      current.push(line);
      continue;
    }
    if (MATH_FENCE.test(line)) {
      inMath = true;
      current.push(line);
      continue;
    }
    if (line.trim() === '') {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return { blocks, open: fence !== null || inMath };
}
