/** What a featured activity card of the home page shows (SPEC.md §2). */
export interface FeaturedActivity {
  name: string;
  category: string;
  description: string;
  basePrice: number;
  duration: number | null;
  image: string | null;
}

/**
 * The three activities the home page features (SPEC.md §2). The catalogue's featured items
 * (catalogue_items.is_featured) replace them once loaded; these values are shown while it
 * loads, if it cannot be reached, or if the park featured none.
 */
export const FEATURED_ACTIVITIES_FALLBACK = [
  {
    name: 'Parcours aventure',
    category: 'aventure',
    description: 'Ponts de singe, lianes et tyroliennes dans les pins, encadrés par nos moniteurs.',
    basePrice: 25,
    duration: 120,
    image: '/uploads/catalogue/parcours-aventure.svg',
  },
  {
    name: 'Paintball',
    category: 'sport',
    description: 'Trois terrains boisés avec scénarios, équipement complet inclus.',
    basePrice: 20,
    duration: 90,
    image: '/uploads/catalogue/paintball.svg',
  },
  {
    name: 'Balade en VTT',
    category: 'decouverte',
    description: 'Randonnée guidée sur les pistes de la forêt landaise jusqu’au lac.',
    basePrice: 18,
    duration: 150,
    image: '/uploads/catalogue/balade-vtt.svg',
  },
] as const;
