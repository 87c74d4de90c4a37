export const NAV_LINKS = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/reservation', label: 'Réservation', end: false },
  { to: '/contact', label: 'Contact', end: false },
];
