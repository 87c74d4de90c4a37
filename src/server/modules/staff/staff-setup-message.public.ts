/** What `npm start` prints while the park has no staff account (README, "Premier administrateur"). */
export function setupInstructions(baseUrl: string, token: string): string {
  const link = `${baseUrl}/admin/setup?token=${encodeURIComponent(token)}`;
  const body = JSON.stringify({
    token,
    email: 'admin@exemple.fr',
    firstName: 'Prénom',
    lastName: 'Nom',
    password: 'un mot de passe solide',
  });
  return [
    '',
    '──────────────────────────────────────────────────────────────────────────────',
    ' Aucun compte du personnel : créez le premier administrateur (lien valable 24 h,',
    ' utilisable une seule fois) :',
    '',
    `   ${link}`,
    '',
    ' ou depuis un terminal :',
    '',
    `   curl -X POST ${baseUrl}/api/v1/staff/auth/setup -H 'Content-Type: application/json' \\`,
    `        -d '${body.replaceAll("'", "'\\''")}'`,
    '',
    ' ou : npm run staff:create -- --email admin@exemple.fr --role admin',
    '──────────────────────────────────────────────────────────────────────────────',
    '',
  ].join('\n');
}
