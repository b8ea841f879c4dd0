import { describe, expect, it } from 'vitest';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import { insertCandidate, sendingRequests } from '../../test/fixtures/email-sending.ts';
import { insertApplications, type Organisation } from '../../test/fixtures/organisation.ts';
import { withOrganisation } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation;
withOrganisation((made) => ({ t, org } = made));
const api = sendingRequests(() => t);

describe('POST /api/job_offers/{id}/emails/preview', () => {
  it('lists the recipients, renders one message at a time and lists those without an email; nothing is sent', async () => {
    const [toContact, contacted] = org.statuses;
    if (!toContact || !contacted) throw new Error('no pipeline');
    await api.saveSignature(org.alice.headers, '<p>Uma</p>');
    const template = await api.createTemplate(org.alice.headers, {
      name: 'Preview',
      subject: '[:first_name:] [:last_name:]: [:title:]',
      content: '<p>Hi [:first_name:] from [:last_company:]</p>',
    });
    const offer = await api.createOffer(org.alice.headers, {
      name: 'Previewed',
      email_template_id: template.id,
    });
    const ada = await insertCandidate(t, org.licence.id, {
      firstName: '<b>Ada</b>',
      lastName: 'Lovelace',
      email: 'ada@mail.test',
      details: { title: 'Analyst', experiences: [{ company: 'Babbage' }] },
    });
    const bare = await insertCandidate(t, org.licence.id, { email: 'bare@mail.test' });
    const nomail = await insertCandidate(t, org.licence.id, { firstName: 'No', lastName: 'Mail' });
    await insertApplications(t, org.licence.id, offer.id, [
      { candidateId: ada, statusId: toContact.id },
      { candidateId: bare, statusId: contacted.id },
      { candidateId: nomail, statusId: toContact.id },
    ]);

    const res = await api.preview(org.alice.headers, offer.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      email_template: { id: template.id, name: 'Preview' },
      recipients: [
        { candidate_id: ada, full_name: '<b>Ada</b> Lovelace', email: 'ada@mail.test' },
        { candidate_id: bare, full_name: '', email: 'bare@mail.test' },
      ],
      message: {
        candidate_id: ada,
        full_name: '<b>Ada</b> Lovelace',
        email: 'ada@mail.test',
        subject: '<b>Ada</b> Lovelace: Analyst',
        content: '<p>Hi &lt;b&gt;Ada&lt;/b&gt; from Babbage</p><br /><p>Uma</p>',
      },
      skipped: [{ candidate_id: nomail, full_name: 'No Mail', reason: 'no_email' }],
    });
    expect(t.outbox()).toEqual([]);

    const second = await api.preview(org.alice.headers, offer.id, { preview_candidate_id: bare });
    expect(second.json().message).toEqual({
      candidate_id: bare,
      full_name: '',
      email: 'bare@mail.test',
      subject: ':',
      content: '<p>Hi  from </p><br /><p>Uma</p>',
    });
    // Only a recipient's message is shown.
    const outsider = await api.preview(org.alice.headers, offer.id, { preview_candidate_id: nomail });
    expect(outsider.statusCode).toBe(422);

    const ofStatus = await api.preview(org.alice.headers, offer.id, {
      filters: { with_status_id: contacted.id },
    });
    expect(ofStatus.json().recipients.map((r: { candidate_id: number }) => r.candidate_id)).toEqual([bare]);
    const chosen = await api.preview(org.alice.headers, offer.id, { candidate_ids: [nomail, ada] });
    expect(chosen.json().recipients.map((r: { candidate_id: number }) => r.candidate_id)).toEqual([ada]);
    expect(chosen.json().skipped).toHaveLength(1);
  });

  it('answers 422 past 200 recipients rather than a huge answer', async () => {
    const template = await api.createTemplate(org.alice.headers, { name: 'Crowd' });
    const offer = await api.createOffer(org.alice.headers, {
      name: 'Crowded',
      email_template_id: template.id,
    });
    const rows = await t.db
      .insert(candidates)
      .values(Array.from({ length: 201 }, (_, i) => ({ licenceId: org.licence.id, firstName: `C${i}` })))
      .returning({ id: candidates.id });
    await t.db
      .insert(jobApplications)
      .values(rows.map((r) => ({ licenceId: org.licence.id, jobOfferId: offer.id, candidateId: r.id })));
    const res = await api.preview(org.alice.headers, offer.id, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('too_many_recipients');
  });
});
