/**
 * The outbox page shows what the product sent, never what would let a reader log in as someone
 * else: temporary passwords and the tokens of login, setup and invitation links are masked.
 */
const MASK = '••••••';

const RULES: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  // "Voici votre mot de passe temporaire : sapin-lac-velo-42" (temporaryPasswordMail) and similar wordings.
  [/(mot de passe(?: temporaire)?\s*:\s*)([^\s<]+)/gi, (_match, label: string) => `${label}${MASK}`],
  // ?token=…, &code=…, &key=… in any link.
  [/([?&](?:token|code|key|secret)=)([^&\s"'<]+)/gi, (_match, label: string) => `${label}${MASK}`],
  // /invitation/<token>, /admin/setup/<token>: path tokens.
  [/(\/(?:invitation|setup|reset|login-link)\/)([A-Za-z0-9_-]{10,})/g, (_match, label: string) => `${label}${MASK}`],
];

export function maskSecrets(body: string): string {
  return RULES.reduce((text, [pattern, replace]) => text.replace(pattern, replace), body);
}
