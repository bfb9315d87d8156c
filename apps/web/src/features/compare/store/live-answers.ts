import { create } from 'zustand';
import type { LiveAnswer } from '../model/live-answer';

interface LiveAnswersState {
  answers: Record<string, LiveAnswer>;
  put: (answers: readonly LiveAnswer[]) => void;
}

/** Streaming state of panel answers by message id; the stored session stays in react-query. */
export const useLiveAnswers = create<LiveAnswersState>()((set) => ({
  answers: {},
  put: (answers) =>
    set((state) => {
      const next = { ...state.answers };
      for (const answer of answers) next[answer.messageId] = answer;
      return { answers: next };
    }),
}));
