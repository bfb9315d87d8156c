import { z } from 'zod';
import { Id } from './common';

/** Thumbs up / down on an answer (issue 34): one per answer, changeable and removable. */

export const FeedbackRating = z.enum(['up', 'down']);
export type FeedbackRating = z.infer<typeof FeedbackRating>;

/** The fixed reasons a thumbs-down may give, with the words the web shows for them. */
export const FEEDBACK_REASONS = {
  inaccurate: 'Not factually correct',
  unhelpful: 'Did not answer the question',
  incomplete: 'Incomplete or cut short',
  instructions: 'Did not follow instructions',
  unsafe: 'Harmful or offensive',
  other: 'Something else',
} as const;
export const FeedbackReason = z.enum(
  Object.keys(FEEDBACK_REASONS) as [
    keyof typeof FEEDBACK_REASONS,
    ...(keyof typeof FEEDBACK_REASONS)[],
  ],
);
export type FeedbackReason = z.infer<typeof FeedbackReason>;

export const FEEDBACK_COMMENT_MAX = 1_000;

/** An answer's feedback as stored. */
export const MessageFeedback = z.object({
  rating: FeedbackRating,
  reason: FeedbackReason.nullable(),
  comment: z.string().nullable(),
});
export type MessageFeedback = z.infer<typeof MessageFeedback>;

/**
 * PUT /chat/messages/{id}/feedback. A reason and a comment go with a thumbs-down only; an empty
 * comment is no comment.
 */
export const SetFeedbackRequest = z
  .object({
    rating: FeedbackRating,
    reason: FeedbackReason.nullable().optional(),
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).nullable().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.rating === 'up' && (body.reason || body.comment))
      ctx.addIssue({
        code: 'custom',
        path: [body.reason ? 'reason' : 'comment'],
        message: 'only a thumbs-down takes a reason or a comment.',
      });
  });
export type SetFeedbackRequest = z.infer<typeof SetFeedbackRequest>;

export const FeedbackParams = z.object({ id: Id });
export type FeedbackParams = z.infer<typeof FeedbackParams>;

export const ClearFeedbackResponse = z.object({ deleted: z.boolean() });
export type ClearFeedbackResponse = z.infer<typeof ClearFeedbackResponse>;

/** The admin's per-model figures beside usage: answers rated in the usage period. */
export const FeedbackRow = z.object({
  provider: z.string(),
  model: z.string(),
  up: z.int().nonnegative(),
  down: z.int().nonnegative(),
  /** Thumbs-downs by reason (`none` when none was given). */
  down_reasons: z.record(z.string(), z.int().nonnegative()),
});
export type FeedbackRow = z.infer<typeof FeedbackRow>;
