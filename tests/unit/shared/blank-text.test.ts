import { describe, expect, it } from 'vitest';
import { registerBody, updateProfileBody } from '../../../src/shared/api/auth.schema';
import { eventStepSchema } from '../../../src/shared/api/booking-request.schema';
import { addParticipantBody } from '../../../src/shared/api/customer-booking.schema';
import { joinInvitationBody } from '../../../src/shared/api/invitation.schema';
import { postMessageBody } from '../../../src/shared/api/messages.schema';
import { catalogueItemBody } from '../../../src/shared/api/staff-catalogue.schema';
import { isBlank, trimInvisible } from '../../../src/shared/validation';
import { registerFormSchema } from '../../../src/renderer/features/auth/auth-forms.schema';
import { contactFormSchema } from '../../../src/renderer/features/contact/contact.schema';

/**
 * A required text made only of characters that show nothing (zero-width space and joiners, word
 * joiner, byte order mark, soft hyphen, a combining mark alone…) is blank: refused with the
 * field's own "requis" message, as an empty one is.
 */
const INVISIBLE = {
  'zero-width space U+200B': '\u200B',
  'zero-width non-joiner U+200C': '\u200C',
  'zero-width joiner U+200D': '\u200D',
  'word joiner U+2060': '\u2060',
  'byte order mark U+FEFF': '\uFEFF',
  'soft hyphen U+00AD': '\u00AD',
  'a combining acute accent alone': '\u0301',
  'a mix with spaces': ' \u200B\u00A0\u200D\u0301 \uFEFF',
  'Hangul filler U+3164': '\u3164',
};
const CASES = Object.entries(INVISIBLE);
const DAY = '2031-06-15';

function firstMessage(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('trimInvisible and isBlank', () => {
  it.each(CASES)('make %s blank', (_label, value) => {
    expect(isBlank(value)).toBe(true);
    expect(trimInvisible(value)).toBe('');
    expect(trimInvisible(value.repeat(3))).toBe('');
  });

  it('trim the invisible characters at both ends and keep those inside', () => {
    expect(trimInvisible('\u200B\uFEFF Club des Pins\u00AD\u2060 ')).toBe('Club des Pins');
    expect(trimInvisible('Jean\u200DPierre')).toBe('Jean\u200DPierre');
    expect(isBlank('Jean')).toBe(false);
  });

  it('keep what changes the last character: a final accent, an emoji’s variation selector', () => {
    const decomposed = 'Zoe\u0301';
    expect(trimInvisible(`${decomposed}\u200B`)).toBe(decomposed);
    expect(trimInvisible('Les ❤\uFE0F')).toBe('Les ❤\uFE0F');
    expect(isBlank('❤\uFE0F')).toBe(false);
  });

  it('stays fast on a long run of invisible characters that does not end the text', () => {
    const value = `${'\u200B'.repeat(200_000)}a${' '.repeat(10)}b`;
    const started = performance.now();
    expect(trimInvisible(value)).toBe(`a${' '.repeat(10)}b`);
    expect(trimInvisible(`a${'\u200B'.repeat(200_000)}b`)).toHaveLength(200_002);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('required names refuse a value made only of invisible characters, with their blank message', () => {
  it.each(CASES)('the wizard’s organisation and company names: %s', (_label, value) => {
    const group = eventStepSchema.safeParse({
      bookingType: 'group',
      organizationName: value,
      participants: 8,
      date: DAY,
    });
    expect(firstMessage(group)).toEqual([['organizationName', "Le nom du club ou de l'association est requis"]]);
    const company = eventStepSchema.safeParse({
      bookingType: 'company',
      companyName: value,
      companyEventType: 'sem',
      participants: 8,
      date: DAY,
    });
    expect(firstMessage(company)).toEqual([['companyName', "Le nom de l'entreprise est requis"]]);
  });

  it('keeps an organisation name without its invisible ends', () => {
    const parsed = eventStepSchema.parse({
      bookingType: 'group',
      organizationName: '\u200BClub des Pins\uFEFF',
      participants: 8,
      date: DAY,
    });
    expect(parsed.organizationName).toBe('Club des Pins');
  });

  it.each(CASES)('registration, profile, participants, join form, catalogue, chat: %s', (_label, value) => {
    const person = { firstName: 'Camille', lastName: 'Durand', email: 'camille@exemple.fr', password: 'Cabane-77' };
    expect(firstMessage(registerBody.safeParse({ ...person, firstName: value }))).toEqual([
      ['firstName', 'Prénom requis'],
    ]);
    expect(firstMessage(registerBody.safeParse({ ...person, lastName: value }))).toEqual([['lastName', 'Nom requis']]);
    expect(firstMessage(updateProfileBody.safeParse({ firstName: value, lastName: 'Durand' }))).toEqual([
      ['firstName', 'Le prénom est requis'],
    ]);
    expect(firstMessage(addParticipantBody.safeParse({ ...person, lastName: value }))).toEqual([
      ['lastName', 'Le nom est requis'],
    ]);
    expect(firstMessage(joinInvitationBody.safeParse({ ...person, password: '', firstName: value }))).toEqual([
      ['firstName', 'Le prénom est requis'],
    ]);
    const item = catalogueItemBody.safeParse({ kind: 'activity', name: value, category: 'sport', basePrice: 10 });
    expect(firstMessage(item)[0]).toEqual(['name', 'Le nom est requis']);
    expect(firstMessage(postMessageBody.safeParse({ content: value }))).toEqual([
      ['content', 'Le message ne peut pas être vide'],
    ]);
  });

  it.each(CASES)('the renderer’s register and contact forms: %s', (_label, value) => {
    const form = {
      firstName: value,
      lastName: 'Durand',
      email: 'camille@exemple.fr',
      phone: '06 12 34 56 78',
      password: 'Cabane-77',
      confirmPassword: 'Cabane-77',
    };
    expect(firstMessage(registerFormSchema.safeParse(form))).toEqual([['firstName', 'Prénom requis']]);
    const contact = contactFormSchema.safeParse({
      name: value,
      email: 'camille@exemple.fr',
      subject: value,
      message: 'Bonjour',
    });
    expect(firstMessage(contact)).toEqual([
      ['name', 'Le nom est requis'],
      ['subject', 'Le sujet est requis'],
    ]);
  });
});
