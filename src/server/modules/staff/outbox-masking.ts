/**
 * The outbox page shows what the product sent, never what would let a reader log in as someone
 * else: temporary passwords and the tokens of login, setup and invitation links are masked.
 */
const MASK = '••••••';

const RULES: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  // "Voici votre mot de passe temporaire : sapin-lac-velo-42" (temporaryPasswordMail): the one wording
  // a password follows. A bare "mot de passe :" is followed by ordinary words ("Connectez-vous avec ce
  // mot de passe : vous serez ensuite invité…"), which stay readable.
  [/(mot de passe temporaire\s*:\s*)([^\s<]+)/gi, (_match, label: string) => `${label}${MASK}`],
  // ?token=…, &code=…, &key=… in any link (`&amp;` in the HTML); &lien=… is the temporary-password
  // e-mail's login link.
  [/((?:\?|&(?:amp;)?)(?:token|code|key|secret|lien)=)([^&\s"'<]+)/gi, (_match, label: string) => `${label}${MASK}`],
  // /invitation/<token>, /admin/setup/<token>: path tokens.
  [/(\/(?:invitation|setup|reset|login-link)\/)([A-Za-z0-9_-]{10,})/g, (_match, label: string) => `${label}${MASK}`],
];

export function maskSecrets(body: string): string {
  return RULES.reduce((text, [pattern, replace]) => text.replace(pattern, replace), body);
}
