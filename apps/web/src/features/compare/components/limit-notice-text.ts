import { COMPARE_MIN_PANELS } from '@parallax/contract';

/** What a reader can still do when a comparison needs more messages than are left today. */
export function limitAdvice(remaining: number, isVisitor: boolean): string {
  const choice =
    remaining >= COMPARE_MIN_PANELS
      ? `Choose ${remaining} models or fewer, or come back when your allowance renews.`
      : `A comparison needs at least ${COMPARE_MIN_PANELS} models, so it can run again when your allowance renews.`;
  return isVisitor ? `${choice} Create a free account for a larger daily allowance.` : choice;
}
