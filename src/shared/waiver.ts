/**
 * The participant's waiver (docs/decisions.md, "On site"): the French text, versioned in the code.
 * A signature keeps the version it accepted; a new text gets a new version id, and signatures of
 * the old one stay as they were (what the person accepted is never rewritten).
 */
export const WAIVER_VERSION = '2026-11-v1';

export const WAIVER_TITLE = 'Décharge de responsabilité et règles de sécurité';

export const WAIVER_TEXT: readonly string[] = [
  'Je déclare être en bonne condition physique et ne présenter aucune contre-indication médicale à la pratique des activités de plein air du parc (parcours dans les arbres, tyroliennes, activités nautiques).',
  "Je m'engage à suivre le briefing de sécurité, à respecter les consignes des moniteurs et à porter en permanence l'équipement de protection qui m'est remis.",
  "Je reconnais que ces activités comportent des risques de chute et de blessure, et que le parc ne peut être tenu responsable d'un accident résultant du non-respect des consignes.",
  "Pour une personne mineure, je certifie être son représentant légal ou agir avec l'accord de celui-ci.",
  "J'accepte que le parc me refuse l'accès aux activités si les conditions de sécurité ne sont pas réunies (météo, comportement, état de santé).",
];

/** Field and answer texts of the waiver form (SPEC.md's French). */
export const WAIVER_MESSAGES = {
  fullNameRequired: 'Veuillez saisir votre nom complet',
  fullNameMismatch: 'Le nom saisi ne correspond pas au participant : saisissez votre prénom et votre nom',
  acceptRequired: 'Veuillez accepter la décharge pour continuer',
  signed: 'Décharge signée',
} as const;

/** Lower case, no accents, hyphens and apostrophes as spaces, one space between words. */
function normalizedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-'’.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * "Reasonably" the participant's name: first and last name in either order, case, accents,
 * hyphens and extra spaces ignored.
 */
export function waiverNameMatches(typed: string, person: { firstName: string; lastName: string }): boolean {
  const name = normalizedName(typed);
  if (name === '') return false;
  const first = normalizedName(person.firstName);
  const last = normalizedName(person.lastName);
  return name === `${first} ${last}` || name === `${last} ${first}`;
}
