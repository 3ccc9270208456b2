/**
 * The product's fixed lists (spec sections 2 and 3): exam categories and their exam types,
 * countries, US states, education levels and profession symbols. The landing page and the
 * registration form read the same lists, so they can never disagree.
 */

export const EXAM_CATEGORIES = [
  {
    id: 'medical',
    label: 'Medical & Healthcare',
    examTypes: ['USMLE', 'NBDE', 'NAPLEX', 'NCLEX', 'NAVLE', 'NPTE', 'CMA'],
  },
  {
    id: 'legal',
    label: 'Legal',
    examTypes: ['Bar Exam', 'Paralegal Certification', 'Notary Public', 'Legal Assistant'],
  },
  {
    id: 'engineering',
    label: 'Engineering',
    examTypes: [
      'PE',
      'FE',
      'Electrical Engineering',
      'Mechanical Engineering',
      'Civil Engineering',
      'HVAC Certification',
      'Welding Certification',
    ],
  },
  {
    id: 'trades',
    label: 'Skilled Trades',
    examTypes: [
      'Electrical License',
      'Plumbing License',
      'Carpentry License',
      'HVAC Technician',
      'Welding Certification',
      'Cosmetology License',
      'Barber License',
    ],
  },
  {
    id: 'business',
    label: 'Business & Finance',
    examTypes: [
      'CPA Exam',
      'CFA Exam',
      'Real Estate License',
      'Insurance License',
      'Series 7 Exam',
      'PMP',
    ],
  },
  {
    id: 'education',
    label: 'Education',
    examTypes: [
      'Teaching Certification',
      'School Administrator',
      'LCSW',
      'Counseling Certification',
      'Psychology License',
    ],
  },
] as const;

export type ExamCategoryId = (typeof EXAM_CATEGORIES)[number]['id'];

/** Every exam type of the catalogue once (Welding Certification is listed under two categories). */
export const EXAM_TYPES: readonly string[] = [
  ...new Set(EXAM_CATEGORIES.flatMap((category) => category.examTypes)),
];

/** The categories that list an exam type (one, or two for Welding Certification). */
export function categoriesOfExamType(examType: string): ExamCategoryId[] {
  return EXAM_CATEGORIES.filter((category) =>
    (category.examTypes as readonly string[]).includes(examType),
  ).map((category) => category.id);
}

/** An exam type's folder and file name in content/: "Series 7 Exam" -> "series-7-exam". */
export function examSlug(examType: string): string {
  return examType
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const EDUCATION_LEVELS = [
  'High School',
  'Associate Degree',
  "Bachelor's Degree",
  "Master's Degree",
  'Doctorate',
  'Professional Degree',
] as const;

export const PROFESSION_SYMBOLS = [
  { id: 'scale', emoji: '⚖️', name: 'Law & Justice' },
  { id: 'stethoscope', emoji: '🩺', name: 'Medical & Healthcare' },
  { id: 'wrench', emoji: '🔧', name: 'Engineering & Trades' },
  { id: 'graduation', emoji: '🎓', name: 'Education' },
  { id: 'building', emoji: '🏢', name: 'Business & Finance' },
  { id: 'briefcase', emoji: '💼', name: 'General Professional' },
] as const;

export type ProfessionSymbolId = (typeof PROFESSION_SYMBOLS)[number]['id'];
export const DEFAULT_PROFESSION_SYMBOL: ProfessionSymbolId = 'briefcase';

export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;

/** About 75 countries, sorted alphabetically (spec section 2). */
export const COUNTRIES = [
  'Argentina',
  'Australia',
  'Austria',
  'Bangladesh',
  'Belgium',
  'Brazil',
  'Bulgaria',
  'Canada',
  'Chile',
  'China',
  'Colombia',
  'Costa Rica',
  'Croatia',
  'Czech Republic',
  'Denmark',
  'Dominican Republic',
  'Ecuador',
  'Egypt',
  'Estonia',
  'Ethiopia',
  'Finland',
  'France',
  'Germany',
  'Ghana',
  'Greece',
  'Guatemala',
  'Hong Kong',
  'Hungary',
  'Iceland',
  'India',
  'Indonesia',
  'Ireland',
  'Israel',
  'Italy',
  'Jamaica',
  'Japan',
  'Jordan',
  'Kenya',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Malaysia',
  'Mexico',
  'Morocco',
  'Netherlands',
  'New Zealand',
  'Nigeria',
  'Norway',
  'Pakistan',
  'Panama',
  'Peru',
  'Philippines',
  'Poland',
  'Portugal',
  'Puerto Rico',
  'Qatar',
  'Romania',
  'Saudi Arabia',
  'Serbia',
  'Singapore',
  'Slovakia',
  'Slovenia',
  'South Africa',
  'South Korea',
  'Spain',
  'Sri Lanka',
  'Sweden',
  'Switzerland',
  'Taiwan',
  'Thailand',
  'Trinidad and Tobago',
  'Turkey',
  'Ukraine',
  'United Arab Emirates',
  'United Kingdom',
  'United States',
  'Uruguay',
  'Vietnam',
] as const;
