import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

const key = (text: string) => new TextEncoder().encode(text);

describe('secret box', () => {
  const box = secretBox(key('a server secret of at least 32 characters'), 'tokens');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('ya29.access-token', 'user:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('access-token');
    expect(box.open(sealed, 'user:1')).toBe('ya29.access-token');
    expect(box.seal('ya29.access-token', 'user:1')).not.toBe(sealed);
  });

  it('does not open under another context, another key, another purpose, or once altered', () => {
    const sealed = box.seal('secret', 'user:1');
    expect(box.open(sealed, 'user:2')).toBeUndefined();
    expect(
      secretBox(key('another server secret of 32 characters!'), 'tokens').open(sealed, 'user:1'),
    ).toBeUndefined();
    expect(
      secretBox(key('a server secret of at least 32 characters'), 'other').open(sealed, 'user:1'),
    ).toBeUndefined();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'), 'user:1')).toBeUndefined();
    expect(box.open([version, iv, tag?.slice(0, 8), body].join('.'), 'user:1')).toBeUndefined();
    expect(box.open('not sealed', 'user:1')).toBeUndefined();
  });
});
