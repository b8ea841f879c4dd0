import { afterAll, describe, expect, it } from 'vitest';
import { richText, richTextThread } from './rich-text-thread.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the rich-text thread', () => {
  afterAll(() => richTextThread.setIdleMs(60_000));

  it('ends once idle and starts again on the next call, which is answered', async () => {
    richTextThread.setIdleMs(300);
    expect(await richText.sanitize('<p>a<script>x</script></p>')).toBe('<p>a</p>');
    expect(richTextThread.running()).toBe(true);
    await wait(800);
    expect(richTextThread.running()).toBe(false);
    expect(await richText.toPlain('<p>Hello &amp; bye</p>')).toBe('Hello & bye');
    expect(richTextThread.running()).toBe(true);
  });

  it('does not end while calls keep coming, nor fail a call made as an idle thread ends', async () => {
    richTextThread.setIdleMs(200);
    for (let i = 0; i < 6; i++) {
      expect(await richText.sanitize(`<p>${i}</p>`)).toBe(`<p>${i}</p>`);
      await wait(100);
    }
    expect(richTextThread.running()).toBe(true);
    // Calls around the moment the thread ends (some just before, some just after) are all answered, by it
    // or by the next one.
    richTextThread.setIdleMs(60);
    const answers: Promise<string>[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push(richText.sanitize(`<b>${i}</b>`));
      await answers[i];
      await wait(i % 2 === 0 ? 55 : 65);
    }
    expect(await Promise.all(answers)).toEqual([...Array(10).keys()].map((i) => `<b>${i}</b>`));
  });
});
