import { NON_HTTP_POLICIES, STATUS_POLICIES } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { classifyError } from './classify-error';

const http = (status: number, detail?: string) =>
  new ApiError({
    kind: 'http',
    status,
    message: detail ?? 'x',
    ...(detail !== undefined && { detail }),
  });

describe('classifyError', () => {
  it.each([
    [401, 'AUTHENTICATION_ERROR', 'HIGH', false, 0],
    [403, 'AUTHORIZATION_ERROR', 'HIGH', false, 0],
    [404, 'UNKNOWN_ERROR', 'MEDIUM', false, 0],
    [429, 'RATE_LIMIT_ERROR', 'MEDIUM', true, 3],
    [500, 'SERVER_ERROR', 'HIGH', true, 3],
    [502, 'SERVER_ERROR', 'HIGH', true, 3],
    [503, 'SERVER_ERROR', 'HIGH', true, 3],
    [504, 'SERVER_ERROR', 'HIGH', true, 3],
  ] as const)('status %i → %s', (status, type, severity, retryable, maxRetries) => {
    const record = classifyError(http(status, 'server says'));
    expect(record).toMatchObject({ type, severity, retryable, maxRetries, currentRetries: 0 });
    expect(record.userMessage).toBe(STATUS_POLICIES[status]?.userMessage);
    expect(record.message).toBe('server says');
  });

  it('uses the server text for other statuses, retryable only at 500+', () => {
    expect(classifyError(http(409, 'Name already taken'))).toMatchObject({
      userMessage: 'Name already taken',
      retryable: false,
    });
    expect(classifyError(http(418))).toMatchObject({
      userMessage: 'An error occurred. Please try again.',
      retryable: false,
    });
    expect(classifyError(http(507))).toMatchObject({
      type: 'SERVER_ERROR',
      retryable: true,
      maxRetries: 3,
    });
    expect(classifyError(http(422, 'title is required'))).toMatchObject({
      type: 'VALIDATION_ERROR',
      severity: 'LOW',
    });
  });

  it('classifies non-HTTP failures', () => {
    expect(classifyError(new ApiError({ kind: 'network', message: 'n' }))).toMatchObject({
      ...NON_HTTP_POLICIES.network,
    });
    expect(classifyError(new ApiError({ kind: 'timeout', message: 't' }))).toMatchObject({
      ...NON_HTTP_POLICIES.timeout,
    });
    const zodLike = Object.assign(new Error('bad'), { name: 'ZodError' });
    expect(classifyError(zodLike)).toMatchObject({ ...NON_HTTP_POLICIES.validation });
    expect(classifyError('weird')).toMatchObject({
      ...NON_HTTP_POLICIES.unknown,
      message: 'weird',
    });
  });

  it('fills the whole structured record', () => {
    const original = http(500);
    const record = classifyError(original, {
      context: { screen: 'home' },
      currentRetries: 2,
      actionId: 'act_1',
    });
    expect(record).toMatchObject({
      context: { screen: 'home', status: 500 },
      currentRetries: 2,
      actionId: 'act_1',
      originalError: original,
    });
    expect(Number.isNaN(Date.parse(record.timestamp))).toBe(false);
    expect(classifyError(original).actionId).toMatch(/^act_/);
  });
});
