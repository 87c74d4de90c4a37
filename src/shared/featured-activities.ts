/**
 * The three activities the home page features (SPEC.md §2). Live catalogue data replaces
 * them once loaded; these values are shown while it loads or if it cannot be reached.
 */
export const FEATURED_ACTIVITIES_FALLBACK = [
  {
    name: 'Parcours aventure',
    description: 'Ponts de singe, lianes et tyroliennes dans les pins, encadrés par nos moniteurs.',
    basePrice: 25,
    duration: 120,
    image: '/uploads/catalogue/parcours-aventure.svg',
  },
  {
    name: 'Paintball',
    description: 'Trois terrains boisés avec scénarios, équipement complet inclus.',
    basePrice: 20,
    duration: 90,
    image: '/uploads/catalogue/paintball.svg',
  },
  {
    name: 'Balade en VTT',
    description: 'Randonnée guidée sur les pistes de la forêt landaise jusqu’au lac.',
    basePrice: 18,
    duration: 150,
    image: '/uploads/catalogue/balade-vtt.svg',
  },
] as const;
