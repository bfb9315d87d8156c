import { expect, it } from 'vitest';
import { DemoUpstream } from './demo-upstream';

it('starts provider-sim on first use only, and stops it on close', async () => {
  const demo = new DemoUpstream({ ttftMs: 0, tokensPerSecond: 2_000 });
  expect(demo.started).toBe(false);
  const baseUrl = await demo.openaiBaseUrl();
  expect(await demo.openaiBaseUrl()).toBe(baseUrl);
  const models = await fetch(`${baseUrl}/models`, { headers: { authorization: 'Bearer demo' } });
  expect(models.status).toBe(200);
  await demo.close();
  await expect(fetch(`${baseUrl}/models`)).rejects.toThrow();
  await expect(demo.openaiBaseUrl()).rejects.toThrow('closed');
});
