import { describe, expect, it } from 'vitest';
import { jobOfferRequests, type Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// An offer's apply-form questions (issue 23, decision 189): GET and PUT /api/job_offers/{id}/questions.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create } = jobOfferRequests(() => t);
type Headers = Record<string, string>;
const url = (id: number) => `/api/job_offers/${id}/questions`;
const read = (headers: Headers, id: number) => t.app.inject({ url: url(id), headers });
const save = (headers: Headers, id: number, questions: object[]) =>
  t.app.inject({ method: 'PUT', url: url(id), headers, payload: { questions } });

describe("an offer's questions", () => {
  it('are saved as a whole ordered list, changed in place by id, and read back in order', async () => {
    const offer = (await create(org.alice.headers, { name: 'Questions' })).json();
    expect((await read(org.alice.headers, offer.id)).json()).toEqual({ data: [] });
    const first = await save(org.alice.headers, offer.id, [
      { kind: 'short_text', label: ' Your  notice period ', required: true },
      { kind: 'single_choice', label: 'English level', choices: ['Basic', 'Fluent'] },
      { kind: 'yes_no', label: 'Can you work in Lyon?' },
    ]);
    expect(first.statusCode).toBe(200);
    const [notice, english, lyon] = first.json().data;
    expect(first.json().data).toEqual([
      { id: notice.id, kind: 'short_text', label: 'Your notice period', choices: [], required: true },
      {
        id: english.id,
        kind: 'single_choice',
        label: 'English level',
        choices: ['Basic', 'Fluent'],
        required: false,
      },
      { id: lyon.id, kind: 'yes_no', label: 'Can you work in Lyon?', choices: [], required: false },
    ]);
    // Moved up, one changed, one dropped, one added.
    const second = await save(org.alice.headers, offer.id, [
      { id: lyon.id, kind: 'yes_no', label: 'Can you work in Lyon?', required: true },
      { id: notice.id, kind: 'long_text', label: 'Tell us about your notice period' },
      { kind: 'long_text', label: 'Why us?' },
    ]);
    expect(second.statusCode).toBe(200);
    const labels = (await read(org.bob.headers, offer.id))
      .json()
      .data.map((q: { id: number; label: string }) => q);
    expect(labels.map((q: { label: string }) => q.label)).toEqual([
      'Can you work in Lyon?',
      'Tell us about your notice period',
      'Why us?',
    ]);
    expect(labels[0].id).toBe(lyon.id);
    expect(labels[1].id).toBe(notice.id);
  });

  it('answers 400 for a bad list and 422 for an id not of this offer, changing nothing', async () => {
    const offer = (await create(org.alice.headers, { name: 'Strict' })).json();
    const kept = (await save(org.alice.headers, offer.id, [{ kind: 'yes_no', label: 'Kept' }])).json().data;
    const many = Array.from({ length: 21 }, (_, i) => ({ kind: 'yes_no', label: `Q${i}` }));
    const bad: [object[], string][] = [
      [many, 'at most 20 questions'],
      [[{ kind: 'short_text', label: 'x'.repeat(201) }], 'at most 200 characters'],
      [[{ kind: 'short_text', label: '   ' }], 'must not be empty'],
      [[{ kind: 'single_choice', label: 'One choice', choices: ['Only'] }], '2 to 20 choices'],
      [[{ kind: 'single_choice', label: 'No choices' }], '2 to 20 choices'],
      [[{ kind: 'yes_no', label: 'Choices', choices: ['a', 'b'] }], 'only a single-choice question'],
      [[{ kind: 'single_choice', label: 'Twice', choices: ['a', 'a'] }], 'must not repeat a choice'],
      [[{ kind: 'essay', label: 'Kind' }], ''],
    ];
    for (const [questions, message] of bad) {
      const res = await save(org.alice.headers, offer.id, questions);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const foreignOffer = (await create(org.alice.headers, { name: 'Other offer' })).json();
    const foreign = (
      await save(org.alice.headers, foreignOffer.id, [{ kind: 'yes_no', label: 'Theirs' }])
    ).json();
    const res = await save(org.alice.headers, offer.id, [
      { id: foreign.data[0].id, kind: 'yes_no', label: 'Stolen' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'invalid_reference',
      message: `Question ${foreign.data[0].id} not found`,
    });
    expect((await read(org.alice.headers, offer.id)).json().data).toEqual(kept);
  });

  it('are changed by who may change the offer: another user 403, another licence 404', async () => {
    const offer = (await create(org.alice.headers, { name: 'Guarded' })).json();
    expect((await save(org.bob.headers, offer.id, [{ kind: 'yes_no', label: 'Bob' }])).statusCode).toBe(403);
    expect((await save(other.admin.headers, offer.id, [{ kind: 'yes_no', label: 'X' }])).statusCode).toBe(
      404,
    );
    expect((await read(other.admin.headers, offer.id)).statusCode).toBe(404);
    expect((await read(org.alice.headers, offer.id)).json().data).toEqual([]);
    expect((await save(org.admin.headers, offer.id, [{ kind: 'yes_no', label: 'Admin' }])).statusCode).toBe(
      200,
    );
  });
});
