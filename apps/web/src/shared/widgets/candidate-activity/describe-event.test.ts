import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { describeEvent, rejectionOf } from './describe-event';

const t = i18n.getFixedT('en');
const fr = i18n.getFixedT('fr');

describe('describeEvent', () => {
  it('words a status move with its offer, and the first move without a previous status', () => {
    const move = {
      kind: 'status_changed' as const,
      data: {
        from: { id: 1, name: 'New' },
        to: { id: 2, name: 'Interview' },
        offer: { id: 3, name: 'Backend' },
      },
    };
    expect(describeEvent(move, t)).toBe('Moved from New to Interview in Backend');
    expect(describeEvent(move, fr)).toBe('Passé de New à Interview dans Backend');
    expect(describeEvent({ ...move, data: { ...move.data, from: null } }, t)).toBe(
      'Moved to Interview in Backend',
    );
  });

  it("words an interview's events with its start in the organiser's time zone, from the camelCased data", () => {
    const at = {
      startsAt: '2026-10-26T09:30:00.000Z',
      timeZone: 'Europe/Paris',
      offer: { id: 1, name: 'Dev' },
    };
    // ICU puts a space or a narrow no-break space before AM, by version: \s takes either.
    expect(describeEvent({ kind: 'interview_scheduled', data: at }, t)).toMatch(
      /^Interview scheduled for Oct 26, 2026, 10:30\sAM \(Dev\)$/,
    );
    expect(describeEvent({ kind: 'interview_answered', data: { ...at, answer: 'accepted' } }, t)).toMatch(
      /^The candidate accepted the interview of Oct 26, 2026, 10:30\sAM$/,
    );
    expect(describeEvent({ kind: 'interview_cancelled', data: at }, fr)).not.toContain('Invalid');
    expect(describeEvent({ kind: 'interview_cancelled', data: at }, fr)).toContain('26 oct. 2026, 10:30');
  });

  it('words each other kind', () => {
    expect(describeEvent({ kind: 'email_sent', data: { subject: 'Hello Ada' } }, t)).toBe(
      'Email sent: Hello Ada',
    );
    expect(describeEvent({ kind: 'tag_added', data: { tag: { id: 1, name: 'Java' } } }, t)).toBe(
      'Tag Java added',
    );
    expect(describeEvent({ kind: 'contact_made_primary', data: { type: 'email', value: 'a@b.c' } }, t)).toBe(
      'a@b.c made primary',
    );
    expect(
      describeEvent({ kind: 'profile_edited', data: { changes: [{ field: 'manual_data.firstName' }] } }, t),
    ).toBe('Profile edited: firstName');
    expect(describeEvent({ kind: 'created', data: { how: 'import', file: 'people.csv' } }, t)).toBe(
      'Created by the import of people.csv',
    );
    expect(describeEvent({ kind: 'created', data: { how: 'form' } }, fr)).toBe('Créé à la main');
    expect(describeEvent({ kind: 'created', data: { how: 'careers', file: 'cv.pdf' } }, t)).toBe(
      'Applied through the careers site',
    );
    expect(
      describeEvent(
        {
          kind: 'application_created',
          data: { offer: { id: 1, name: 'Dev' }, via: 'careers', source: 'linkedin' },
        },
        fr,
      ),
    ).toBe('A postulé à Dev (source : linkedin)');
    expect(describeEvent({ kind: 'created', data: { how: 'cv', file: 'ada.pdf' } }, t)).toBe(
      'Created from the CV ada.pdf',
    );
    expect(describeEvent({ kind: 'created', data: { how: 'cv', file: 'ada.pdf' } }, fr)).toBe(
      'Créé depuis le CV ada.pdf',
    );
    expect(
      describeEvent({ kind: 'application_copied', data: { from: { name: 'A' }, offer: { name: 'B' } } }, t),
    ).toBe('Copied from A to B');
  });

  it('reads the rejection reason of a move', () => {
    expect(
      rejectionOf({
        kind: 'status_changed',
        data: { reason: { id: 1, name: 'Skills' }, reasonText: 'No Rust' },
      }),
    ).toBe('Skills — No Rust');
    expect(rejectionOf({ kind: 'status_changed', data: {} })).toBeNull();
    expect(rejectionOf({ kind: 'tag_added', data: {} })).toBeNull();
  });
});
