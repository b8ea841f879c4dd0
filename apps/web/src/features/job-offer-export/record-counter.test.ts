import { describe, expect, it } from 'vitest';
import { createRecordCounter } from './record-counter';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('createRecordCounter', () => {
  it('counts CSV rows after the header, line breaks and doubled quotes inside quoted cells included', () => {
    const counter = createRecordCounter(true);
    const file = '\uFEFFFull name;Title\r\n"Zoé ""Z"" L";"Ingénieure\r\nsenior"\r\nAda;"a;b"\r\n';
    counter.push(bytes(file));
    expect(counter.rows).toBe(2);
  });

  it('gives the same count whatever the chunks, even cut inside a quoted cell or a UTF-8 letter', () => {
    const file = bytes('h1,h2\r\n"x\r\ny","é"\r\nz,w\r\n"""",q\r\n');
    for (let cut = 1; cut < file.length; cut++) {
      const counter = createRecordCounter(true);
      counter.push(file.subarray(0, cut));
      counter.push(file.subarray(cut));
      expect(counter.rows, `cut at ${cut}`).toBe(3);
    }
  });

  it('counts admen lines, where a quote is an ordinary character', () => {
    const counter = createRecordCounter(false);
    counter.push(bytes('P_NOM\tP_PRENOM\r\nO"Brien\tJo\r\nAl\tManu\r\n'));
    expect(counter.rows).toBe(2);
  });

  it('says 0 for a header alone or nothing yet', () => {
    const counter = createRecordCounter(true);
    expect(counter.rows).toBe(0);
    counter.push(bytes('a;b\r\n'));
    expect(counter.rows).toBe(0);
  });
});
