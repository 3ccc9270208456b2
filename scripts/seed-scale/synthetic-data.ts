// The spread of values: names, streets, cities, and how often each state and exam comes up.
import { COUNTRIES, EXAM_CATEGORIES, US_STATES } from '../../src/shared/catalog';

// prettier-ignore
export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony',
  'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily',
  'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian',
  'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Maria', 'Jose', 'Wei', 'Priya',
  'Aisha', 'Mohammed', 'Yuki', 'Carlos', 'Fatima', 'Olga',
];

/** 95 % of people: each of these surnames is shared by about 1.2 % of users. */
// prettier-ignore
export const COMMON_LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres',
  'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook',
  'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly',
  'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
];

/** 4.9 %: about 0.12 % of users each. */
// prettier-ignore
export const UNCOMMON_LAST_NAMES = [
  'Okafor', 'Kowalski', 'Novak', 'Lindqvist', 'Haddad', 'Castellano', 'Fitzgerald', 'Nakamura',
  'Petrov', 'Schneider', 'Rossi', 'Dubois', 'Jensen', 'Olsen', 'Brennan', 'Gallagher', 'Ivanova',
  'Mendoza', 'Takahashi', 'Chaudhry', 'Abernathy', 'Whitfield', 'Pemberton', 'Ashworth',
  'Blackwood', 'Calloway', 'Davenport', 'Ellsworth', 'Fairbanks', 'Galloway', 'Hawthorne',
  'Kingsley', 'Lockhart', 'Merriweather', 'Northcott', 'Prescott', 'Radcliffe', 'Sinclair',
  'Thornton', 'Underwood',
];

/** 0.1 %: a search for one of these finds a few dozen people in a million. */
// prettier-ignore
export const RARE_LAST_NAMES = [
  'Quennell', 'Zbikowski', 'Vandersloot', 'Oyelaran', 'Threlkeld', 'Wojciechowski',
  'Xanthopoulos', 'Yglesias', 'Achterberg', 'Brzezinski', 'Cholmondeley', 'Featherstonehaugh',
  'Grzybowski', 'Hjelmstad', 'Jaroszewicz', 'Kvaternik', 'Lundegaard', 'Mbeki', 'Nwachukwu',
  'Przybylski',
];

// prettier-ignore
export const STREETS = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Ave', 'Lake Rd',
  'Hill St', 'Park Blvd', 'Sunset Blvd', 'River Rd',
];

/** Town names found in many states, so any pairing with a state is plausible. */
// prettier-ignore
export const CITIES = [
  'Springfield', 'Franklin', 'Greenville', 'Clinton', 'Salem', 'Madison', 'Georgetown',
  'Fairview', 'Riverside', 'Arlington', 'Bristol', 'Dover', 'Oxford', 'Jackson', 'Marion',
];

/** Roughly people in millions: California comes up about 40 times as often as Wyoming. */
// prettier-ignore
export const STATE_WEIGHTS: Partial<Record<(typeof US_STATES)[number], number>> = {
  California: 39, Texas: 30, Florida: 22, 'New York': 20, Pennsylvania: 13, Illinois: 13,
  Ohio: 12, Georgia: 11, 'North Carolina': 11, Michigan: 10, 'New Jersey': 9, Virginia: 9,
  Washington: 8, Arizona: 7, Tennessee: 7, Massachusetts: 7, Indiana: 7, Missouri: 6,
  Maryland: 6, Wisconsin: 6, Colorado: 6, Minnesota: 6, 'South Carolina': 5, Alabama: 5,
  Louisiana: 5, Kentucky: 5, Oregon: 4, Oklahoma: 4, Connecticut: 4, Utah: 3, Iowa: 3, Nevada: 3,
  Arkansas: 3, Mississippi: 3, Kansas: 3, 'New Mexico': 2, Nebraska: 2, Idaho: 2,
  'West Virginia': 2,
};

/** Popular exams come up more often (every type at least once in the weighted list). */
// prettier-ignore
const EXAM_TYPE_WEIGHTS: Record<string, number> = {
  NCLEX: 12, 'Real Estate License': 10, 'Bar Exam': 9, USMLE: 8, 'CPA Exam': 7,
  'Teaching Certification': 6, PE: 5, FE: 5, 'Electrical License': 4, 'Insurance License': 4,
  'Series 7 Exam': 3, PMP: 3, NAPLEX: 3, 'Cosmetology License': 3, 'Plumbing License': 3,
  LCSW: 2, 'Notary Public': 2, 'HVAC Technician': 2, CMA: 2, NPTE: 2,
};

/** (category id, exam type) pairs of the catalog, repeated by popularity. */
export const EXAMS = EXAM_CATEGORIES.flatMap((category) =>
  category.examTypes.flatMap((type) =>
    Array<{ category: string; type: string }>(EXAM_TYPE_WEIGHTS[type] ?? 1).fill({
      category: category.id,
      type,
    }),
  ),
);

export const FOREIGN_COUNTRIES = COUNTRIES.filter((country) => country !== 'United States');
