/**
 * The most common passwords (international lists plus French favourites), refused at
 * registration and password change (DESIGN.md §3). Compared lower-cased.
 */
export const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345', '111111', '000000', '654321', '666666',
  '121212', '123123', '112233', '159753', '147258', '123321', '987654321', '999999', '555555', '777777',
  '888888', '222222', '696969', '131313', '123654', '1q2w3e', '1q2w3e4r', 'qwerty', 'qwerty123', 'qwertyuiop',
  'azerty', 'azerty1', 'azerty12', 'azerty123', 'azertyuiop', 'aqwzsx', 'wxcvbn', 'password', 'password1',
  'password123', 'passw0rd', 'motdepasse', 'motdepasse1', 'motdepasse123', 'mot2passe', 'abc123', 'abcdef',
  'abcd1234', 'iloveyou', 'jetaime', 'jetaime1', 'doudou', 'loulou', 'chouchou', 'soleil', 'soleil1', 'bonjour',
  'bonjour1', 'coucou', 'coucou1', 'marseille', 'paris', 'paris75', 'france', 'nicolas', 'julien', 'camille',
  'nathalie', 'isabelle', 'stephane', 'celine', 'thomas', 'alexandre', 'chocolat', 'princesse', 'amour', 'bisous',
  'cheval', 'football', 'foot', 'olympique', 'om13', 'psg', 'dragon', 'monkey', 'letmein', 'welcome', 'admin',
  'admin123', 'root', 'toor', 'master', 'sunshine', 'shadow', 'superman', 'batman', 'pokemon', 'starwars',
  'qazwsx', 'zaq12wsx', 'trustno1', 'baseball', 'hello', 'freedom', 'whatever', 'michael', 'charlie', 'jordan',
  'secret', 'secret1', 'test', 'test123', 'testtest', 'changeme', 'bienvenue', 'parc', 'aventure', 'parcaventure',
  'vacances', 'landes', 'biscarrosse', 'aaaaaa', 'azertyu', 'qwertz', 'lovely', 'nounours', 'titou', 'marion',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
