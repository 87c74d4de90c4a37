import { ESTABLISHMENT_ID, OPENING_HOURS } from '../../shared/constants';
import type { CatalogueCategory, PricingType, Weekday } from '../../shared/labels';
import { WEEKDAYS } from '../../shared/labels';

/** The park itself (a leisure park in the Landes, SPEC.md §1). */
export const ESTABLISHMENT_SEED = {
  id: ESTABLISHMENT_ID,
  name: 'Parc Aventure des Landes',
  legalName: 'SAS Parc Aventure des Landes',
  siret: '912 345 678 00014',
  description:
    'Parc de loisirs de plein air au cœur de la forêt landaise : parcours aventure, paintball, VTT, ' +
    'tir à l’arc et bien plus pour vos enterrements de vie de garçon ou de jeune fille, anniversaires, ' +
    'sorties de club et séminaires d’entreprise.',
  street: '1250 route du Lac',
  zipCode: '40600',
  city: 'Biscarrosse',
  country: 'France',
  phone: '05 58 78 12 34',
  email: 'contact@parc-aventure-landes.fr',
  website: 'https://www.parc-aventure-landes.fr',
  openingHours: OPENING_HOURS.map((entry) => ({ ...entry })),
  socialLinks: [
    { network: 'Facebook', url: 'https://www.facebook.com/parcaventurelandes' },
    { network: 'Instagram', url: 'https://www.instagram.com/parcaventurelandes' },
    { network: 'YouTube', url: 'https://www.youtube.com/@parcaventurelandes' },
  ],
};

export interface SeedSlot {
  days: readonly Weekday[];
  startTime: string;
  endTime: string;
  capacity: number | null;
}

export interface SeedItem {
  slug: string;
  kind: 'activity' | 'service';
  name: string;
  category: CatalogueCategory;
  description: string;
  basePriceCents: number;
  pricingType: PricingType;
  durationMinutes: number | null;
  slots: SeedSlot[];
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Back-to-back slots between 9h and 19h (event hours, SPEC.md §9), each as long as the
 * activity, every day of the week.
 */
function dailySlots(durationMinutes: number, capacity: number | null, firstStart = '09:00'): SeedSlot[] {
  const slots: SeedSlot[] = [];
  // Slots start on the half hour, leaving a short changeover between groups.
  const step = Math.ceil((durationMinutes + 15) / 30) * 30;
  for (let start = toMinutes(firstStart); start + durationMinutes <= toMinutes('19:00'); start += step) {
    slots.push({ days: WEEKDAYS, startTime: toTime(start), endTime: toTime(start + durationMinutes), capacity });
  }
  return slots;
}

/** SPEC.md §2's three featured activities: adventure course, paintball, mountain bike ride. */
export const FEATURED_SLUGS: readonly string[] = ['parcours-aventure', 'paintball', 'balade-vtt'];

export const CATALOGUE_SEED: SeedItem[] = [
  {
    slug: 'parcours-aventure',
    kind: 'activity',
    name: 'Parcours aventure',
    category: 'aventure',
    description:
      'Six parcours dans les pins, de 2 à 18 mètres de haut : ponts de singe, lianes et tyroliennes, ' +
      'encadrés par nos moniteurs diplômés. Dès 8 ans.',
    basePriceCents: 2500,
    pricingType: 'per_person',
    durationMinutes: 120,
    slots: dailySlots(120, 60),
  },
  {
    slug: 'paintball',
    kind: 'activity',
    name: 'Paintball',
    category: 'sport',
    description:
      'Trois terrains boisés avec scénarios (drapeau, escorte, fort). Équipement complet et 200 billes ' +
      'par joueur inclus. Dès 12 ans.',
    basePriceCents: 2000,
    pricingType: 'per_person',
    durationMinutes: 90,
    slots: dailySlots(90, 40),
  },
  {
    slug: 'balade-vtt',
    kind: 'activity',
    name: 'Balade en VTT',
    category: 'decouverte',
    description:
      'Randonnée guidée à VTT sur les pistes de la forêt landaise jusqu’aux rives du lac. VTT et casque ' +
      'fournis, pause goûter en chemin.',
    basePriceCents: 1800,
    pricingType: 'per_person',
    durationMinutes: 150,
    slots: dailySlots(150, 30),
  },
  {
    slug: 'tir-a-l-arc',
    kind: 'activity',
    name: 'Tir à l’arc',
    category: 'sport',
    description: 'Initiation sur cibles puis parcours de tir en forêt sur cibles 3D, avec un moniteur.',
    basePriceCents: 1500,
    pricingType: 'per_person',
    durationMinutes: 60,
    slots: dailySlots(60, 20),
  },
  {
    slug: 'course-orientation',
    kind: 'activity',
    name: 'Course d’orientation',
    category: 'decouverte',
    description: 'Carte et boussole en main, retrouvez les balises cachées dans le parc en équipes.',
    basePriceCents: 1200,
    pricingType: 'per_person',
    durationMinutes: 90,
    slots: dailySlots(90, null),
  },
  {
    slug: 'canoe-kayak',
    kind: 'activity',
    name: 'Canoë-kayak sur le lac',
    category: 'aventure',
    description: 'Balade en canoë biplace ou kayak sur le lac, gilets fournis. Savoir nager est requis.',
    basePriceCents: 2200,
    pricingType: 'per_person',
    durationMinutes: 120,
    slots: dailySlots(120, 24, '10:00'),
  },
  {
    slug: 'laser-game',
    kind: 'activity',
    name: 'Laser game en plein air',
    category: 'sport',
    description: 'Combats par équipes en forêt avec des lasers infrarouges : sans douleur, dès 7 ans.',
    basePriceCents: 1800,
    pricingType: 'per_person',
    durationMinutes: 60,
    slots: dailySlots(60, 30),
  },
  {
    slug: 'tyrolienne-geante',
    kind: 'activity',
    name: 'Tyrolienne géante',
    category: 'aventure',
    description: '400 mètres de glisse au-dessus des pins et du lac, jusqu’à 60 km/h.',
    basePriceCents: 1500,
    pricingType: 'per_person',
    durationMinutes: 45,
    slots: dailySlots(45, 30),
  },
  {
    slug: 'olympiades',
    kind: 'activity',
    name: 'Olympiades en équipes',
    category: 'animation',
    description:
      'Épreuves fun et défis en équipes (relais, tir à la corde, quiz) animés par notre équipe : idéal ' +
      'pour la cohésion d’un groupe ou d’une entreprise.',
    basePriceCents: 1600,
    pricingType: 'per_person',
    durationMinutes: 120,
    slots: dailySlots(120, null),
  },
  {
    slug: 'repas-barbecue',
    kind: 'service',
    name: 'Repas barbecue',
    category: 'restauration',
    description: 'Grillades, salades, dessert et boissons servis sous la pergola au bord du lac.',
    basePriceCents: 1800,
    pricingType: 'per_person',
    durationMinutes: 90,
    slots: [
      { days: WEEKDAYS, startTime: '12:00', endTime: '13:30', capacity: 120 },
      { days: WEEKDAYS, startTime: '19:00', endTime: '20:30', capacity: 120 },
    ],
  },
  {
    slug: 'gouter-anniversaire',
    kind: 'service',
    name: 'Goûter d’anniversaire',
    category: 'restauration',
    description: 'Gâteau, bonbons, jus de fruits et bougies dans un espace décoré réservé au groupe.',
    basePriceCents: 800,
    pricingType: 'per_person',
    durationMinutes: 60,
    slots: [{ days: WEEKDAYS, startTime: '16:00', endTime: '17:00', capacity: null }],
  },
  {
    slug: 'aperitif-dinatoire',
    kind: 'service',
    name: 'Apéritif dînatoire',
    category: 'restauration',
    description: 'Planches de charcuterie et fromages landais, tapas chaudes et boissons.',
    basePriceCents: 1400,
    pricingType: 'per_person',
    durationMinutes: 90,
    slots: [{ days: WEEKDAYS, startTime: '18:00', endTime: '19:30', capacity: null }],
  },
  {
    slug: 'salle-seminaire',
    kind: 'service',
    name: 'Location de salle de séminaire',
    category: 'autre',
    description: 'Salle de 80 m² lumineuse avec vidéoprojecteur, paperboard, wifi et café d’accueil.',
    basePriceCents: 35000,
    pricingType: 'flat',
    durationMinutes: 240,
    slots: [
      { days: WEEKDAYS, startTime: '09:00', endTime: '13:00', capacity: null },
      { days: WEEKDAYS, startTime: '14:00', endTime: '18:00', capacity: null },
    ],
  },
  {
    slug: 'moniteur-dedie',
    kind: 'service',
    name: 'Moniteur dédié',
    category: 'animation',
    description: 'Un moniteur diplômé accompagne votre groupe toute la journée et anime les activités.',
    basePriceCents: 18000,
    pricingType: 'flat',
    durationMinutes: null,
    slots: [],
  },
  {
    slug: 'photographe',
    kind: 'service',
    name: 'Reportage photo souvenir',
    category: 'animation',
    description: 'Un photographe suit le groupe pendant 2 heures ; photos retouchées livrées sous 48 h.',
    basePriceCents: 15000,
    pricingType: 'flat',
    durationMinutes: 120,
    slots: [],
  },
];
