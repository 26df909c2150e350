/**
 * Demo data: two organizations, users of every role, companies, trucks, trailers, brokers, custom fields and loads.
 *   npm run db:seed                      reset the demo organizations and seed them
 *   npm run db:seed -- --loads N         also add N generated loads over the demo organizations (benchmarks),
 *   npm run db:seed -- --loads-scale N   also add N generated trucks per 100 (for benchmarks),
 *                                        written with batched inserts
 * Every demo user's password is DEMO_PASSWORD (README lists the logins).
 */
import path from 'node:path'

import type { Prisma } from '../app/generated/prisma/client'
import type { Actor } from '../app/policies/actor'
import { directKey } from '../app/policies/chat'
import { vinCheckDigit } from '../app/schemas/truck'
import { hashPassword } from '../app/utils/crypto.server'
import { newInboundLocalPart } from '../app/utils/inbound-address.server'

export const DEMO_PASSWORD = 'freightdesk'

/** Small deterministic PRNG so the demo data is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
function makeVin(next: () => number) {
  const chars = Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(next() * VIN_CHARS.length)])
  chars[8] = '0'
  const vin = chars.join('')
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`
}

const MAKES: Array<[string, string[]]> = [
  ['Freightliner', ['Cascadia', 'M2 106']],
  ['Kenworth', ['T680', 'W900']],
  ['Peterbilt', ['579', '389']],
  ['Volvo', ['VNL 760', 'VNR 640']],
  ['International', ['LT625', 'RH613']],
  ['Mack', ['Anthem', 'Pinnacle']],
]
const STATES = ['TX', 'OK', 'AR', 'LA', 'NM', 'TN', 'GA', 'VA', 'NC']
// No truck is generated as dispatched: a truck is dispatched when a live load holds it (seedLoads).
const STATUS_WEIGHTS: Array<[Prisma.TruckCreateManyInput['status'], number]> = [
  ['available', 0.75],
  ['maintenance', 0.12],
  ['out_of_service', 0.05],
  ['inactive', 0.08],
]

function pick<T>(next: () => number, items: readonly T[]) {
  return items[Math.floor(next() * items.length)]
}

function weighted<T>(next: () => number, items: Array<[T, number]>) {
  let roll = next()
  for (const [value, weight] of items) {
    if ((roll -= weight) <= 0) return value
  }
  return items[items.length - 1][0]
}

function date(next: () => number, fromDays: number, toDays: number) {
  const days = Math.floor(fromDays + next() * (toDays - fromDays))
  const value = new Date(Date.UTC(2026, 10, 1) + days * 86_400_000)
  return value
}

export function generateTrucks(
  next: () => number,
  organizationId: string,
  companyIds: string[],
  driverIds: string[],
  count: number,
  startNumber: number,
): Prisma.TruckCreateManyInput[] {
  return Array.from({ length: count }, (_, index) => {
    const [make, models] = pick(next, MAKES)
    const status = weighted(next, STATUS_WEIGHTS)
    return {
      organizationId,
      unitNumber: `T-${String(startNumber + index).padStart(4, '0')}`,
      companyId: companyIds.length ? companyIds[index % companyIds.length] : null,
      vin: makeVin(next),
      make,
      model: pick(next, models),
      year: 2015 + Math.floor(next() * 12),
      licensePlate: `${String.fromCharCode(65 + Math.floor(next() * 26))}${String.fromCharCode(65 + Math.floor(next() * 26))}${Math.floor(1000 + next() * 9000)}`,
      plateState: pick(next, STATES),
      status,
      ownership: weighted(next, [
        ['company', 0.6],
        ['leased', 0.25],
        ['owner_operator', 0.15],
      ] as Array<[Prisma.TruckCreateManyInput['ownership'], number]>),
      registrationExpiry: date(next, 20, 400),
      inspectionDue: date(next, -15, 180),
      odometerMiles: Math.floor(40_000 + next() * 700_000),
      primaryDriverId: driverIds.length && index < driverIds.length ? driverIds[index] : null,
      notes: status === 'maintenance' ? 'In the shop: scheduled PM service.' : null,
    }
  })
}

const TRAILER_KINDS: Array<[Prisma.TrailerCreateManyInput['type'], number | null]> = [
  ['dry_van', 53],
  ['reefer', 53],
  ['dry_van', 48],
  ['flatbed', 48],
  ['step_deck', 53],
  ['reefer', 48],
  ['lowboy', 48],
  ['tanker', 42],
  ['power_only', null],
  ['dry_van', 28],
]
// Likewise no trailer is generated in use: seedLoads puts those of the live loads in use.
const TRAILER_STATUSES: Array<[Prisma.TrailerCreateManyInput['status'], number]> = [
  ['available', 0.8],
  ['maintenance', 0.1],
  ['out_of_service', 0.04],
  ['inactive', 0.06],
]

/** Trailers TR-201 …, from their own random stream so the trucks stay the same as before. */
function generateTrailers(organizationId: string, companyIds: string[], count: number): Prisma.TrailerCreateManyInput[] {
  const next = random(20261123 + count)
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate())
  return Array.from({ length: count }, (_, index) => {
    const [type, lengthFt] = TRAILER_KINDS[index % TRAILER_KINDS.length]
    const status = weighted(next, TRAILER_STATUSES)
    const state = pick(next, STATES)
    return {
      organizationId,
      unitNumber: `TR-${201 + index}`,
      companyId: companyIds[index % companyIds.length],
      type,
      lengthFt,
      vin: type === 'power_only' ? null : makeVin(next),
      licensePlate: `${Math.floor(100 + next() * 900)}-${Math.floor(1000 + next() * 9000)}`,
      plateState: state,
      status,
      // Spread from two weeks overdue to a year ahead, so the compliance badges show up.
      registrationExpiry: new Date(today + Math.floor(-14 + next() * 380) * 86_400_000),
      inspectionDue: new Date(today + Math.floor(-10 + next() * 200) * 86_400_000),
      notes: status === 'maintenance' ? 'Brakes and lights inspection.' : null,
    }
  })
}

/** What the demo companies look like on their pages: authority numbers, contacts, factoring. */
const COMPANY_DETAILS: Record<string, Omit<Prisma.CompanyCreateManyInput, 'organizationId' | 'name'>> = {
  'Lone Star Freight LLC': {
    legalName: 'Lone Star Freight, LLC',
    mcNumber: '1048213',
    dotNumber: '3382917',
    scac: 'LSFL',
    email: 'dispatch@lonestarfreight.example',
    phone: '(214) 555-0143',
    addressLine1: '2801 Irving Blvd',
    addressLine2: 'Dock 4',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75207',
    country: 'US',
    factoringName: 'Triumph Business Capital',
    factoringRemitTo: 'Triumph Business Capital\nPO Box 610028\nDallas, TX 75261-0028',
    notes: 'Main fleet. Dry van and reefer, Texas triangle and I-20 corridor.',
  },
  'Red River Carriers Inc': {
    legalName: 'Red River Carriers, Inc.',
    mcNumber: '872450',
    dotNumber: '2591034',
    scac: 'RRCI',
    email: 'ops@redrivercarriers.example',
    phone: '(405) 555-0178',
    addressLine1: '4400 S Council Rd',
    city: 'Oklahoma City',
    state: 'OK',
    postalCode: '73179',
    country: 'US',
    factoringName: 'RTS Financial',
    factoringRemitTo: 'RTS Financial Service, Inc.\nPO Box 840267\nDallas, TX 75284-0267',
    notes: 'Flatbed and step deck; tarps on every unit.',
  },
  'Pecos Valley Transport': {
    legalName: 'Pecos Valley Transport Co.',
    mcNumber: '1203377',
    dotNumber: '3710455',
    scac: 'PVTX',
    email: 'billing@pecosvalley.example',
    phone: '(432) 555-0110',
    addressLine1: '1210 E Interstate 20',
    city: 'Odessa',
    state: 'TX',
    postalCode: '79761',
    country: 'US',
    notes: 'Owner-operator lease program. Invoices are paid direct, no factoring.',
  },
  'Blue Ridge Hauling': {
    legalName: 'Blue Ridge Hauling LLC',
    mcNumber: '954128',
    dotNumber: '2877301',
    scac: 'BRHL',
    email: 'dispatch@blueridgehauling.example',
    phone: '(540) 555-0136',
    addressLine1: '3130 Peters Creek Rd NW',
    city: 'Roanoke',
    state: 'VA',
    postalCode: '24019',
    country: 'US',
    factoringName: 'OTR Solutions',
    factoringRemitTo: 'OTR Capital, LLC\nPO Box 931164\nAtlanta, GA 31193-1164',
  },
  'Smoky Mountain Express': {
    legalName: 'Smoky Mountain Express, Inc.',
    mcNumber: '1119046',
    dotNumber: '3529688',
    scac: 'SMEX',
    email: 'ops@smokymtnexpress.example',
    phone: '(865) 555-0192',
    addressLine1: '5900 Middlebrook Pike',
    city: 'Knoxville',
    state: 'TN',
    postalCode: '37909',
    country: 'US',
    notes: 'Reefer produce runs, Southeast to Mid-Atlantic.',
  },
}

const ELD_PROVIDERS = ['Samsara', 'Motive', 'Geotab']
const DOOR_TYPES = ['Swing', 'Roll-up']

/**
 * Custom fields: a fuel card and an ELD provider on trucks, a door type on trailers, with values on
 * the first few of each (deterministic, so the random streams above stay as they were).
 */
async function seedCustomFields(prisma: typeof import('../app/utils/db.server').prisma, organizationId: string) {
  await prisma.customFieldDefinition.createMany({
    data: [
      { organizationId, listName: 'trucks', key: 'fuel_card', label: 'Fuel card', type: 'text', sortOrder: 1 },
      { organizationId, listName: 'trucks', key: 'eld_provider', label: 'ELD provider', type: 'select', options: ELD_PROVIDERS, sortOrder: 2 },
      { organizationId, listName: 'trailers', key: 'door_type', label: 'Door type', type: 'select', options: DOOR_TYPES, sortOrder: 1 },
    ],
  })
  const trucks = await prisma.truck.findMany({ where: { organizationId }, orderBy: { unitNumber: 'asc' }, take: 8, select: { id: true } })
  for (const [index, truck] of trucks.entries()) {
    const customFields = { fuel_card: `FC-${String(7301 + index * 17).padStart(6, '0')}`, eld_provider: ELD_PROVIDERS[index % ELD_PROVIDERS.length] }
    await prisma.truck.update({ where: { id: truck.id }, data: { customFields } })
  }
  const trailers = await prisma.trailer.findMany({
    where: { organizationId, type: { not: 'power_only' } },
    orderBy: { unitNumber: 'asc' },
    take: 6,
    select: { id: true },
  })
  for (const [index, trailer] of trailers.entries()) {
    await prisma.trailer.update({ where: { id: trailer.id }, data: { customFields: { door_type: DOOR_TYPES[index % 2] } } })
  }
}

type DemoBroker = Omit<Prisma.BrokerCreateManyInput, 'organizationId'>

/** Brokers of the first demo organization: well-known shapes (not real companies' data), varied terms, a few on hold. */
const LONE_STAR_BROKERS: DemoBroker[] = [
  {
    name: 'Prairie Line Logistics',
    mcNumber: '482193',
    dotNumber: '1734520',
    contactName: 'Heather Collins',
    email: 'heather.collins@prairieline.test',
    phone: '(214) 555-0142',
    billingEmail: 'ap@prairieline.test',
    addressLine1: '2200 Ross Ave',
    addressLine2: 'Suite 1800',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75201',
    country: 'US',
    paymentTerms: 'net_30',
    creditLimitCents: 15_000_000,
    status: 'active',
  },
  {
    name: 'Gulf Coast Freight Brokers',
    mcNumber: '615204',
    dotNumber: '2281937',
    contactName: 'Ray Thibodeaux',
    email: 'ray@gulfcoastfb.test',
    phone: '(713) 555-0187',
    billingEmail: 'billing@gulfcoastfb.test',
    addressLine1: '1001 Fannin St',
    city: 'Houston',
    state: 'TX',
    postalCode: '77002',
    country: 'US',
    paymentTerms: 'net_45',
    creditLimitCents: 25_000_000,
    status: 'active',
  },
  {
    name: 'Mesa Verde Transport Brokerage',
    mcNumber: '733018',
    dotNumber: '2960441',
    contactName: 'Lucia Ortiz',
    email: 'lucia.ortiz@mesaverde.test',
    phone: '(505) 555-0119',
    addressLine1: '400 Gold Ave SW',
    city: 'Albuquerque',
    state: 'NM',
    postalCode: '87102',
    country: 'US',
    paymentTerms: 'quick_pay',
    creditLimitCents: 5_000_000,
    status: 'active',
    notes: 'Quick pay at 2% fee, paid within 48 hours of POD.',
  },
  {
    name: 'Ozark Capacity Partners',
    mcNumber: '388745',
    dotNumber: '1290384',
    contactName: 'Brent Haskins',
    email: 'brent@ozarkcapacity.test',
    phone: '(479) 555-0163',
    billingEmail: 'payables@ozarkcapacity.test',
    addressLine1: '1 Walton Blvd',
    city: 'Bentonville',
    state: 'AR',
    postalCode: '72712',
    country: 'US',
    paymentTerms: 'net_30',
    creditLimitCents: 10_000_000,
    status: 'on_hold',
    notes: 'On hold: two invoices past 60 days. Accounting is following up.',
  },
  {
    name: 'Bluebonnet Shipping Solutions',
    mcNumber: '902316',
    contactName: 'Kayla Nguyen',
    email: 'kayla@bluebonnetship.test',
    phone: '(512) 555-0174',
    addressLine1: '600 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    country: 'US',
    paymentTerms: 'net_15',
    creditLimitCents: 7_500_000,
    status: 'active',
  },
  {
    name: 'Red Dirt Logistics',
    mcNumber: '557821',
    dotNumber: '2048816',
    contactName: 'Travis Monroe',
    email: 'dispatch@reddirtlogistics.test',
    phone: '(405) 555-0138',
    addressLine1: '100 N Broadway Ave',
    city: 'Oklahoma City',
    state: 'OK',
    postalCode: '73102',
    country: 'US',
    paymentTerms: 'net_30',
    creditLimitCents: 12_000_000,
    status: 'active',
  },
  {
    name: 'Crescent City Brokerage',
    mcNumber: '641190',
    contactName: 'Monique Batiste',
    email: 'mbatiste@crescentcity.test',
    phone: '(504) 555-0151',
    billingEmail: 'invoices@crescentcity.test',
    addressLine1: '701 Poydras St',
    city: 'New Orleans',
    state: 'LA',
    postalCode: '70139',
    country: 'US',
    paymentTerms: 'net_60',
    creditLimitCents: 20_000_000,
    status: 'active',
  },
  {
    name: 'Volunteer Freight Network',
    mcNumber: '274563',
    dotNumber: '963512',
    contactName: 'Dale Patterson',
    email: 'dale@volunteerfreight.test',
    phone: '(615) 555-0127',
    addressLine1: '150 4th Ave N',
    city: 'Nashville',
    state: 'TN',
    postalCode: '37219',
    country: 'US',
    paymentTerms: 'net_30',
    creditLimitCents: 8_000_000,
    status: 'on_hold',
    notes: 'Credit limit reached; hold until open invoices are paid.',
  },
  {
    name: 'Peachtree Load Services',
    mcNumber: '819402',
    contactName: 'Andrea Wells',
    email: 'andrea.wells@peachtreeload.test',
    phone: '(404) 555-0196',
    addressLine1: '191 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30303',
    country: 'US',
    paymentTerms: 'due_on_receipt',
    status: 'active',
  },
  {
    name: 'High Plains Carriers Brokerage',
    mcNumber: '163877',
    dotNumber: '712094',
    contactName: 'Gus Lindqvist',
    email: 'gus@highplains.test',
    phone: '(806) 555-0110',
    addressLine1: '905 Texas Ave',
    city: 'Lubbock',
    state: 'TX',
    postalCode: '79401',
    country: 'US',
    paymentTerms: 'net_45',
    creditLimitCents: 6_000_000,
    status: 'inactive',
    notes: 'Stopped tendering loads in 2025.',
  },
  {
    name: 'Rio Grande Cross-Border Logistics',
    mcNumber: '705539',
    dotNumber: '2734109',
    contactName: 'Mateo Salinas',
    email: 'msalinas@riogrande-xb.test',
    phone: '+1 956 555 0148 ext. 12',
    billingEmail: 'cuentas@riogrande-xb.test',
    addressLine1: '1200 E Saunders St',
    city: 'Laredo',
    state: 'TX',
    postalCode: '78041',
    country: 'US',
    paymentTerms: 'net_30',
    creditLimitCents: 30_000_000,
    status: 'active',
    notes: 'Mexico cross-dock loads; needs customs paperwork with the BOL.',
  },
  {
    name: 'Tidewater Freight Exchange',
    mcNumber: '498260',
    contactName: 'Colleen Shaw',
    email: 'cshaw@tidewaterfx.test',
    phone: '(757) 555-0133',
    addressLine1: '150 W Main St',
    city: 'Norfolk',
    state: 'VA',
    postalCode: '23510',
    country: 'US',
    paymentTerms: 'quick_pay',
    creditLimitCents: 4_000_000,
    status: 'active',
  },
]

const BLUE_RIDGE_BROKERS: DemoBroker[] = [
  {
    name: 'Smoky Valley Brokerage',
    mcNumber: '352918',
    contactName: 'June Carter',
    email: 'june@smokyvalley.test',
    phone: '(865) 555-0171',
    addressLine1: '800 S Gay St',
    city: 'Knoxville',
    state: 'TN',
    postalCode: '37929',
    country: 'US',
    paymentTerms: 'net_30',
    creditLimitCents: 6_000_000,
    status: 'active',
  },
  {
    name: 'Piedmont Freight Connect',
    mcNumber: '587046',
    contactName: 'Walt Ingram',
    email: 'walt@piedmontfc.test',
    phone: '(336) 555-0102',
    addressLine1: '300 N Greene St',
    city: 'Greensboro',
    state: 'NC',
    postalCode: '27401',
    country: 'US',
    paymentTerms: 'net_15',
    creditLimitCents: 3_500_000,
    status: 'active',
  },
  {
    name: 'Shenandoah Load Partners',
    mcNumber: '720134',
    contactName: 'Ellie Marsh',
    email: 'ellie@shenandoahlp.test',
    phone: '(540) 555-0165',
    city: 'Roanoke',
    state: 'VA',
    postalCode: '24011',
    country: 'US',
    paymentTerms: 'net_45',
    status: 'on_hold',
    notes: 'Disputed detention charges; hold until settled.',
  },
]

const DAY_MS = 86_400_000

/** A date-only value `days` from today (UTC midnight), as the profile's date columns store it. */
function daysFromToday(days: number) {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS)
}

/**
 * Demo driver profiles: the first driver's license expires within two weeks and the second's
 * medical card within a month, so the users list shows its warnings; pay in each method.
 */
function demoDriverProfile(organizationId: string, userId: string, index: number): Prisma.DriverProfileCreateManyInput {
  const pay = [
    { payMethod: 'per_mile' as const, payRate: 62 },
    { payMethod: 'percent' as const, payRate: 2800 },
    { payMethod: 'flat' as const, payRate: 45_000 },
  ][index % 3]
  return {
    organizationId,
    userId,
    licenseNumber: `TX${String(41_872_305 + index * 7919).padStart(8, '0')}`,
    licenseState: index % 2 ? 'OK' : 'TX',
    cdlClass: index === 2 ? 'B' : 'A',
    licenseExpiry: daysFromToday(index === 0 ? 12 : 400 + index * 90),
    medicalCardExpiry: daysFromToday(index === 1 ? 20 : 300 + index * 60),
    hireDate: daysFromToday(-(700 + index * 365)),
    ...pay,
    emergencyContactName: ['Rosa Cole', 'Ana Ortega', 'Mike Brooks'][index % 3],
    emergencyContactPhone: `+1 512 555 01${String(20 + index).padStart(2, '0')}`,
  }
}

/**
 * A few items of each demo driver's qualification file (ADR 139), so the file is not empty: the
 * application and road test at hire, a motor vehicle record reviewed this year, and the medical
 * certificate whose expiry is the profile's (the file and the profile agree). No kind is required
 * in the demo, so dispatch is unchanged.
 */
function demoQualifications(organizationId: string, driverId: string, index: number): Prisma.DriverQualificationCreateManyInput[] {
  const profile = demoDriverProfile(organizationId, driverId, index)
  const hired = profile.hireDate as Date
  const item = (
    kind: Prisma.DriverQualificationCreateManyInput['kind'],
    completedAt: Date,
    fields: Partial<Prisma.DriverQualificationCreateManyInput> = {},
  ) => ({
    organizationId,
    driverId,
    kind,
    completedAt,
    reviewedAt: new Date(),
    ...fields,
  })
  return [
    item('application', hired),
    item('road_test', hired, { result: 'Passed' }),
    item('mvr', daysFromToday(-(60 + index * 90)), { result: 'No violations in 36 months' }),
    item('medical_certificate', daysFromToday(-400), { expiresAt: profile.medicalCardExpiry as Date, result: 'Certified, 2 years' }),
  ]
}

type DemoOrg = {
  name: string
  domain: string
  /** What its invoices "from the organization" print: address, MC/DOT, phone, remit-to bank. */
  details: Omit<Prisma.OrganizationCreateInput, 'name'>
  companies: string[]
  trucks: number
  trailers: number
  brokers: DemoBroker[]
  users: Array<{ email: string; firstName: string; lastName: string; role: Prisma.UserCreateManyInput['role'] }>
}

/** The public site's texts of the main demo carrier: what /about-us, /faqs, /contact-us and /coming-soon show. */
const LONE_STAR_SITE = {
  siteTagline: 'Dry van and reefer freight across Texas and the Southern Plains, on time since 2009.',
  siteAbout: [
    'Lone Star Freight Services started in 2009 with one truck and a promise to call the shipper before the shipper had to call us. Fifteen years later we run a modern fleet out of our Dallas terminal on Regal Row, and the promise has not changed.',
    'We haul dry van and temperature-controlled freight for food producers, paper mills and building-supply distributors across Texas, Oklahoma, Louisiana and Arkansas. Our drivers are company employees, most of them with us for more than five years, and every truck is tracked from pickup to delivery.',
    'Dispatch answers the phone around the clock. Whether you ship one load a month or a dedicated lane every day, you talk to the same people who plan your freight.',
  ].join('\n\n'),
  siteFaq: [
    {
      question: 'Which areas do you serve?',
      answer:
        'Texas, Oklahoma, Louisiana and Arkansas every day, and the rest of the lower 48 on request. Most of our freight moves between Dallas, Houston, San Antonio, Austin, Tulsa and Shreveport.',
    },
    {
      question: 'How quickly do I get a quote?',
      answer:
        'Within two business hours for requests sent through the Services & quotes page during office hours (7 am to 6 pm Central). Urgent loads: call dispatch.',
    },
    {
      question: 'Can you haul temperature-controlled freight?',
      answer:
        'Yes. Our reefers hold from -10 °F to 70 °F with continuous temperature recording; a download of the log comes with the proof of delivery on request.',
    },
    {
      question: 'How do I follow my shipment?',
      answer: 'Ask your dispatcher for a tracking link: it shows the load’s status, stop times and last update on any phone, with no account needed.',
    },
    {
      question: 'What are your payment terms?',
      answer: 'Net 30 from the invoice date. Every invoice email carries a link to pay online or to tell us you have paid, and we accept ACH and checks.',
    },
  ],
  siteServices: [
    { name: 'Full truckload dry van', description: '53 ft dry vans for palletized and floor-loaded freight, up to 45,000 lb.' },
    { name: 'Refrigerated freight', description: 'Fresh and frozen food with continuous temperature monitoring and recorded logs.' },
    { name: 'Dedicated lanes', description: 'The same trucks and drivers on your recurring lanes, with a fixed weekly schedule.' },
    { name: 'Flatbed and building supplies', description: 'Lumber, steel and building materials on flatbeds and step decks, tarped on request.' },
  ],
  siteContactEmail: 'dispatch@lonestarfreight.test',
  siteContactPhone: '+1 214 555 0141',
  // A month ahead, at 9 am in Dallas (15:00 UTC): a countdown that looks planned.
  siteComingSoonAt: new Date(Math.floor(Date.now() / 86_400_000 + 30) * 86_400_000 + 15 * 3_600_000),
}

const ORGS: DemoOrg[] = [
  {
    name: 'Lone Star Freight Services',
    domain: 'freightdesk.test',
    details: {
      legalName: 'Lone Star Freight Services LLC',
      mcNumber: '804512',
      dotNumber: '2291047',
      phone: '+1 214 555 0140',
      addressLine1: '1820 Regal Row',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75235',
      country: 'US',
      bankName: 'First Trinity Bank',
      bankAccountName: 'Lone Star Freight Services LLC',
      bankRoutingNumber: '111000025',
      bankAccountNumber: '4410276638',
      ...LONE_STAR_SITE,
    },
    companies: ['Lone Star Freight LLC', 'Red River Carriers Inc', 'Pecos Valley Transport'],
    trucks: 40,
    trailers: 14,
    brokers: LONE_STAR_BROKERS,
    users: [
      { email: 'admin@freightdesk.test', firstName: 'Alma', lastName: 'Reyes', role: 'admin' },
      { email: 'dispatcher@freightdesk.test', firstName: 'Dan', lastName: 'Whitaker', role: 'dispatcher' },
      { email: 'accountant@freightdesk.test', firstName: 'Priya', lastName: 'Nair', role: 'accountant' },
      { email: 'driver@freightdesk.test', firstName: 'Marcus', lastName: 'Cole', role: 'driver' },
      { email: 'driver2@freightdesk.test', firstName: 'Luis', lastName: 'Ortega', role: 'driver' },
      { email: 'driver3@freightdesk.test', firstName: 'Tanya', lastName: 'Brooks', role: 'driver' },
      { email: 'mechanic@freightdesk.test', firstName: 'Gus', lastName: 'Ferreira', role: 'mechanic' },
      { email: 'viewer@freightdesk.test', firstName: 'Vera', lastName: 'Lind', role: 'viewer' },
    ],
  },
  {
    name: 'Blue Ridge Dispatch',
    domain: 'blueridge.test',
    details: {
      legalName: 'Blue Ridge Dispatch Inc',
      mcNumber: '915230',
      dotNumber: '3302118',
      phone: '+1 828 555 0192',
      addressLine1: '75 Haywood St',
      city: 'Asheville',
      state: 'NC',
      postalCode: '28801',
      country: 'US',
    },
    companies: ['Blue Ridge Hauling', 'Smoky Mountain Express'],
    trucks: 6,
    trailers: 3,
    brokers: BLUE_RIDGE_BROKERS,
    users: [
      { email: 'admin@blueridge.test', firstName: 'Grace', lastName: 'Holloway', role: 'admin' },
      { email: 'dispatcher@blueridge.test', firstName: 'Owen', lastName: 'Pike', role: 'dispatcher' },
      { email: 'driver@blueridge.test', firstName: 'Hank', lastName: 'Miller', role: 'driver' },
    ],
  },
]

// ---- Loads: realistic lanes across every status, consistent with the dispatch rules ----

type DemoPlace = { facility: string; line1: string; city: string; state: string; postalCode: string }

const PLACES: DemoPlace[] = [
  { facility: 'Trinity Cold Storage', line1: '2400 Irving Blvd', city: 'Dallas', state: 'TX', postalCode: '75207' },
  { facility: 'Bayou Paper Mill', line1: '8100 Clinton Dr', city: 'Houston', state: 'TX', postalCode: '77020' },
  { facility: 'Alamo Foods DC', line1: '5300 Walzem Rd', city: 'San Antonio', state: 'TX', postalCode: '78218' },
  { facility: 'Capital Building Supply', line1: '901 E St Elmo Rd', city: 'Austin', state: 'TX', postalCode: '78745' },
  { facility: 'Red Dirt Distribution', line1: '4400 S Council Rd', city: 'Oklahoma City', state: 'OK', postalCode: '73179' },
  { facility: 'Route 66 Warehousing', line1: '1200 N Sheridan Rd', city: 'Tulsa', state: 'OK', postalCode: '74115' },
  { facility: 'Delta Grocers', line1: '3900 Lamar Ave', city: 'Memphis', state: 'TN', postalCode: '38118' },
  { facility: 'Crescent Beverage', line1: '5800 Almonaster Ave', city: 'New Orleans', state: 'LA', postalCode: '70126' },
  { facility: 'Front Range Steel', line1: '5200 E 48th Ave', city: 'Denver', state: 'CO', postalCode: '80216' },
  { facility: 'Desert Sun Produce', line1: '4300 W Buckeye Rd', city: 'Phoenix', state: 'AZ', postalCode: '85043' },
  { facility: 'Rio Grande Plastics', line1: '9800 Pan American Dr', city: 'El Paso', state: 'TX', postalCode: '79927' },
  { facility: 'Ozark Poultry', line1: '2100 W Sunset Ave', city: 'Springdale', state: 'AR', postalCode: '72762' },
]
const COMMODITIES = ['Frozen poultry', 'Paper rolls', 'Canned goods', 'Lumber', 'Bottled water', 'Steel coils', 'Fresh produce', 'Building insulation']
// The straight-line miles between the places above would do for a demo; a road factor makes them plausible.
function laneMiles(a: number, b: number) {
  return 180 + ((a * 7 + b * 13) % 9) * 95
}

type DemoLoadPlan = { status: Prisma.LoadCreateInput['status']; day: number }

/** The statuses of an organization's demo loads and the day of their first pickup (from today). */
function loadPlans(count: number, activeDrivers: number): DemoLoadPlan[] {
  const plans: DemoLoadPlan[] = []
  const active: Array<NonNullable<DemoLoadPlan['status']>> = ['in_transit', 'dispatched', 'at_pickup', 'at_delivery']
  for (let index = 0; index < activeDrivers; index++) plans.push({ status: active[index % active.length], day: index === 1 ? 1 : -1 })
  const rest: Array<[NonNullable<DemoLoadPlan['status']>, number]> = [
    ['delivered', 0.45],
    ['booked', 0.25],
    ['draft', 0.12],
    ['canceled', 0.08],
  ]
  let index = 0
  while (plans.length < count) {
    const share = rest[index % 4]
    const status = plans.filter((plan) => plan.status === share[0]).length < Math.ceil(share[1] * count) ? share[0] : 'delivered'
    const day = status === 'delivered' ? -3 - plans.length : status === 'canceled' ? -2 - (plans.length % 9) : 2 + (plans.length % 12)
    plans.push({ status, day })
    index++
  }
  return plans
}

type TimedStop = { windowStart: Date; windowEnd: Date; actualArrival: Date | null; actualDeparture: Date | null }

/**
 * A load's stops moved in time so its day agrees with the clock: a load at a stop arrived there
 * 45 minutes ago, one that left its last stop less than half an hour from now left it two hours
 * ago, so no arrival or departure is ever in the future. Windows move with the events.
 */
function happenedBy<Stop extends TimedStop>(stops: Stop[], status: string, now: number): Stop[] {
  const events = stops.flatMap((stop) => [stop.actualArrival, stop.actualDeparture]).flatMap((at) => (at ? [at.getTime()] : []))
  if (!events.length) return stops
  const latest = Math.max(...events)
  const atStop = status === 'at_pickup' || status === 'at_delivery'
  const shift = atStop ? now - 45 * 60_000 - latest : latest > now - 30 * 60_000 ? now - 2 * 60 * 60_000 - latest : 0
  const moved = (at: Date | null) => (at ? new Date(at.getTime() + shift) : null)
  return stops.map((stop) => ({
    ...stop,
    windowStart: moved(stop.windowStart)!,
    windowEnd: moved(stop.windowEnd)!,
    actualArrival: moved(stop.actualArrival),
    actualDeparture: moved(stop.actualDeparture),
  }))
}

async function seedLoads(prisma: PrismaClientLike, organizationId: string, count: number) {
  const next = random(31415 + count)
  const [brokers, companies, drivers, dispatcher] = await Promise.all([
    prisma.broker.findMany({ where: { organizationId, status: { not: 'on_hold' } }, orderBy: { name: 'asc' }, select: { id: true } }),
    prisma.company.findMany({ where: { organizationId }, orderBy: { name: 'asc' }, select: { id: true } }),
    prisma.user.findMany({ where: { organizationId, role: 'driver' }, orderBy: { email: 'asc' }, select: { id: true } }),
    prisma.user.findFirst({ where: { organizationId, role: 'dispatcher' }, select: { id: true } }),
  ])
  // Only equipment that is free can go on the road: it becomes dispatched / in use below.
  const trucks = await prisma.truck.findMany({ where: { organizationId, status: 'available' }, orderBy: { unitNumber: 'asc' }, select: { id: true } })
  const trailers = await prisma.trailer.findMany({
    where: { organizationId, status: 'available', type: { not: 'power_only' } },
    orderBy: { unitNumber: 'asc' },
    select: { id: true, type: true },
  })
  if (!brokers.length) return 0
  const activeDrivers = Math.min(drivers.length, trucks.length, trailers.length)
  const plans = loadPlans(count, activeDrivers)
  // Wall-clock hours in Central time: 6 h after UTC midnight for most of the year.
  const at = (day: number, hour: number) => new Date(daysFromToday(day).getTime() + (hour + 6) * 60 * 60 * 1000)
  for (const [index, plan] of plans.entries()) {
    const status = plan.status!
    const from = Math.floor(next() * PLACES.length)
    const to = (from + 1 + Math.floor(next() * (PLACES.length - 1))) % PLACES.length
    const extraDrop = index % 5 === 0 ? (to + 3) % PLACES.length : null
    const miles = laneMiles(from, to) + (extraDrop !== null ? 140 : 0)
    const days = Math.max(1, Math.round(miles / 550))
    const pickupHour = 6 + Math.floor(next() * 8)
    const stopPlaces: Array<[DemoPlace, 'pickup' | 'delivery', number]> = [
      [PLACES[from], 'pickup', plan.day],
      ...(extraDrop !== null && extraDrop !== from ? [[PLACES[extraDrop], 'delivery', plan.day + days] as [DemoPlace, 'delivery', number]] : []),
      [PLACES[to], 'delivery', plan.day + days + (extraDrop !== null ? 1 : 0)],
    ]
    const onRoad = ['dispatched', 'at_pickup', 'in_transit', 'at_delivery'].includes(status)
    const wasMoving = onRoad || status === 'delivered'
    // How far along the stops an active load is: the stops it has left, and the one it is at.
    const left = status === 'delivered' ? stopPlaces.length : status === 'in_transit' ? 1 : status === 'at_delivery' ? stopPlaces.length - 1 : 0
    const atStop = status === 'at_pickup' ? 0 : status === 'at_delivery' ? stopPlaces.length - 1 : -1
    const planned = stopPlaces.map(([place, type, day], sequence) => {
      const windowStart = at(day, sequence === 0 ? pickupHour : 8 + ((pickupHour + sequence * 3) % 9))
      const windowEnd = new Date(windowStart.getTime() + 2 * 60 * 60 * 1000)
      const arrived = sequence < left || sequence === atStop ? new Date(windowStart.getTime() + 20 * 60 * 1000) : null
      return {
        sequence: sequence + 1,
        type,
        facilityName: place.facility,
        line1: place.line1,
        city: place.city,
        state: place.state,
        postalCode: place.postalCode,
        country: 'US',
        windowStart,
        windowEnd,
        appointmentRef: index % 3 === 0 ? `APT-${String(40_000 + index * 37 + sequence)}` : null,
        actualArrival: arrived,
        actualDeparture: sequence < left && arrived ? new Date(arrived.getTime() + (90 + sequence * 25) * 60 * 1000) : null,
      }
    })
    const stops = happenedBy(planned, status, Date.now())
    const rate = 215 + Math.floor(next() * 140) // cents per loaded mile
    const linehaulCents = Math.round((miles * rate) / 100) * 100
    const charges = [
      { type: 'fuel_surcharge' as const, description: 'DOE average', amountCents: Math.round(miles * 42) },
      ...(index % 4 === 1 ? [{ type: 'detention' as const, description: '2 h at the receiver', amountCents: 15_000 }] : []),
      ...(index % 6 === 2 ? [{ type: 'lumper' as const, description: null, amountCents: 27_500 }] : []),
      ...(extraDrop !== null ? [{ type: 'stop_off' as const, description: null, amountCents: 10_000 }] : []),
    ].map((charge, sequence) => ({ ...charge, sequence: sequence + 1 }))
    const assignment =
      onRoad || status === 'delivered' || (status === 'booked' && index % 2 === 0)
        ? onRoad
          ? { driverId: drivers[index].id, truckId: trucks[index].id, trailerId: trailers[index].id }
          : {
              driverId: drivers[index % drivers.length]?.id,
              truckId: trucks[(index + 5) % Math.max(1, trucks.length)]?.id,
              trailerId: trailers[(index + 3) % Math.max(1, trailers.length)]?.id,
            }
        : {}
    const equipmentType =
      'trailerId' in assignment && assignment.trailerId
        ? trailers.find((trailer) => trailer.id === assignment.trailerId)!.type
        : index % 7 === 3
          ? 'reefer'
          : 'dry_van'
    const first = stops[0]
    const last = stops[stops.length - 1]
    await prisma.load.create({
      data: {
        organizationId,
        loadNumber: `L-${String(index + 1).padStart(6, '0')}`,
        brokerId: brokers[index % brokers.length].id,
        companyId: companies.length ? companies[index % companies.length].id : null,
        brokerReference: `${['PL', 'GS', 'TX', 'MR'][index % 4]}-${String(880_000 + index * 613).slice(0, 6)}`,
        poNumbers: index % 3 === 1 ? `PO ${String(45_100 + index * 11)}, PO ${String(45_101 + index * 11)}` : null,
        bolNumber: wasMoving ? `BOL${String(7_700_000 + index * 97)}` : null,
        status,
        equipmentType,
        commodity: COMMODITIES[index % COMMODITIES.length],
        weightLb: 18_000 + Math.floor(next() * 24_000),
        pieces: index % 2 ? 20 + (index % 6) * 2 : null,
        temperatureF: equipmentType === 'reefer' ? 34 : null,
        linehaulCents,
        totalCents: linehaulCents + charges.reduce((sum, charge) => sum + charge.amountCents, 0),
        loadedMiles: miles,
        emptyMiles: 20 + Math.floor(next() * 90),
        ...assignment,
        dispatcherId: dispatcher?.id ?? null,
        notes: index % 4 === 0 ? 'Call the receiver one hour before arrival. Driver must wear a safety vest on the dock.' : null,
        pickupAt: first.windowStart,
        pickupCity: first.city,
        pickupState: first.state,
        deliveryAt: last.windowStart,
        deliveryCity: last.city,
        deliveryState: last.state,
        stops: { create: stops },
        charges: { create: charges },
      },
    })
    if (onRoad) {
      await prisma.truck.update({ where: { id: trucks[index].id }, data: { status: 'dispatched' } })
      await prisma.trailer.update({ where: { id: trailers[index].id }, data: { status: 'in_use' } })
    }
  }
  await prisma.organization.update({ where: { id: organizationId }, data: { nextLoadNumber: plans.length + 1 } })
  return plans.length
}

type PrismaClientLike = Awaited<typeof import('../app/utils/db.server')>['prisma']

/**
 * Invoices for the demo's delivered loads, made by the invoice model itself (numbers, totals, loads
 * moved to `invoiced`): paid, partly paid, sent (some overdue by now), drafts, and some loads left
 * to bill. The seeded sends count as emailed: their queued emails are taken off the queue.
 */
async function seedInvoices(prisma: PrismaClientLike, organizationId: string) {
  const { createInvoice, sendInvoice, recordPayment } = await import('../app/models/invoices/invoice.server')
  const accountant = await prisma.user.findFirst({ where: { organizationId, role: 'accountant' }, select: { id: true } })
  const actor: Actor = { organizationId, userId: accountant?.id ?? null, role: accountant ? 'accountant' : 'system', scope: 'read_write' }
  const loads = await prisma.load.findMany({
    where: { organizationId, status: 'delivered' },
    orderBy: { deliveryAt: 'asc' },
    select: { id: true, brokerId: true, companyId: true, deliveryAt: true },
  })
  const isoDay = (date: Date) => date.toISOString().slice(0, 10)
  const today = daysFromToday(0)
  let made = 0
  for (const [index, load] of loads.entries()) {
    const plan = index % 5
    if (plan === 4 || !load.deliveryAt) continue
    const issued = new Date(load.deliveryAt.getTime() + 86_400_000)
    if (issued > today) continue
    const invoice = await createInvoice(actor, {
      brokerId: load.brokerId,
      companyId: load.companyId ?? undefined,
      issueDate: isoDay(issued),
      loadIds: [load.id],
      items: index % 3 === 0 ? [{ title: 'Detention at receiver', quantity: 2.5, unitPriceCents: 7_500 }] : [],
      discountCents: 0,
      taxCents: 0,
      notes: index % 4 === 0 ? 'Quick pay available: 2% discount if paid within 10 days.' : undefined,
    })
    made++
    if (plan === 3) continue
    let sent = await sendInvoice(actor, invoice.id, invoice.version, issued)
    await prisma.$executeRaw`SELECT graphile_worker.remove_job(${`invoice_email:${invoice.id}`})`
    await prisma.invoice.update({
      where: { id: invoice.id },
      data: { emailStatus: sent.emailTo ? 'sent' : sent.emailStatus, emailedAt: sent.emailTo ? issued : null },
    })
    if (plan === 2) continue
    const paidOn = new Date(Math.min(issued.getTime() + (18 + (index % 4) * 6) * 86_400_000, today.getTime()))
    // The seed's days are UTC days; a payment is never dated after today in the organization's zone
    // (behind UTC in the evening): recorded as at the end of its UTC day.
    const recordedAt = new Date(paidOn.getTime() + 86_399_000)
    const amountCents = plan === 0 ? sent.totalCents : Math.round(sent.totalCents / 2 / 100) * 100
    sent = await recordPayment(
      actor,
      invoice.id,
      {
        amountCents,
        paidAt: isoDay(paidOn),
        method: index % 2 ? 'ach' : 'check',
        reference: index % 2 ? undefined : String(10_400 + index),
        version: sent.version,
      },
      recordedAt,
    )
  }
  return made
}

const BATCH = 1000

/** The first organization's mail: a broker's rate confirmation and a shipper's question in the shared inbox, a note between colleagues. */
async function seedDemoMail(prisma: PrismaClientLike, organizationId: string) {
  const { seedMail } = await import('./seed-mail')
  const people = await prisma.user.findMany({ where: { organizationId, role: { in: ['admin', 'dispatcher'] } }, orderBy: { email: 'asc' } })
  const person = (role: string) => {
    const user = people.find((row) => row.role === role)!
    return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` }
  }
  await seedMail(prisma, organizationId, { admin: person('admin'), dispatcher: person('dispatcher') })
  await seedDemoChat(prisma, organizationId)
  // The company store's products.
  const { seedStore } = await import('./seed-store')
  await seedStore(prisma, organizationId)
  // Quote requests for the booking dashboard.
  const { seedQuotes } = await import('./seed-quotes')
  await seedQuotes(prisma, organizationId)
  // Driver bulletins: notices to acknowledge, an event, a draft.
  const { seedBulletins } = await import('./seed-bulletins')
  await seedBulletins(prisma, organizationId)
}

/**
 * The first organization's chat: the demo driver's load on the road talked over with dispatch
 * (one message unread by the driver), and dispatch asking accounting about a payment.
 */
async function seedDemoChat(prisma: PrismaClientLike, organizationId: string) {
  const people = await prisma.user.findMany({ where: { organizationId, role: { in: ['dispatcher', 'driver', 'accountant'] } }, orderBy: { email: 'asc' } })
  const byRole = (role: string) => people.find((row) => row.role === role)!
  const [dispatcher, driver, accountant] = [byRole('dispatcher'), byRole('driver'), byRole('accountant')]
  const load = await prisma.load.findFirst({ where: { organizationId, driverId: driver.id, status: 'in_transit' }, orderBy: { pickupAt: 'desc' } })
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
  const talk = async (
    conversation: { kind: 'load' | 'direct'; loadId?: string; directKey?: string },
    lines: Array<[sender: { id: string }, body: string, minutes: number]>,
    unread: Record<string, number>,
  ) => {
    const last = lines.at(-1)!
    await prisma.conversation.create({
      data: {
        organizationId,
        ...conversation,
        createdById: lines[0]![0].id,
        lastMessageAt: minutesAgo(last[2]),
        participants: { create: [...new Set(lines.map(([sender]) => sender.id))].map((userId) => ({ userId, unreadCount: unread[userId] ?? 0 })) },
        messages: { create: lines.map(([sender, body, minutes]) => ({ organizationId, senderId: sender.id, body, createdAt: minutesAgo(minutes) })) },
      },
    })
  }
  if (load) {
    await talk(
      { kind: 'load', loadId: load.id },
      [
        [dispatcher, `Morning! ${load.loadNumber} is yours, receiver opens at 8.`, 240],
        [driver, 'Loaded and rolling. Seal number 448213.', 180],
        [dispatcher, 'Thanks. Call me if the receiver moves the appointment.', 20],
      ],
      { [driver.id]: 1 },
    )
  }
  await talk(
    { kind: 'direct', directKey: directKey(dispatcher.id, accountant.id) },
    [
      [dispatcher, 'Did Prairie Line pay the Tulsa load yet?', 95],
      [accountant, 'Partial payment came in this morning, the rest is due Friday.', 60],
    ],
    { [dispatcher.id]: 1 },
  )
}

/** Seeds the demo organizations, replacing them if they exist. Returns what it made. */
export async function seed(options: { scale?: number; log?: (line: string) => void } = {}) {
  const { prisma } = await import('../app/utils/db.server')
  const log = options.log ?? console.info
  const next = random(20261122)
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const emails = ORGS.flatMap((org) => org.users.map((user) => user.email))
  const existing = await prisma.user.findMany({ where: { email: { in: emails } }, select: { organizationId: true } })
  const organizationId = { in: [...new Set(existing.map((user) => user.organizationId))] }
  // Records that refuse their parent's delete (foreign keys ON DELETE RESTRICT, checked as each
  // cascade runs) go first, the ones that point at others before those: a demo that was used has
  // settlements of loads and orders, and invoices on factoring schedules.
  await prisma.settlement.deleteMany({ where: { organizationId } })
  await prisma.factoringSchedule.deleteMany({ where: { organizationId } })
  await prisma.factoringAgreement.deleteMany({ where: { organizationId } })
  await prisma.storeOrder.deleteMany({ where: { organizationId } })
  await prisma.load.deleteMany({ where: { organizationId } })
  await prisma.organization.deleteMany({ where: { id: organizationId } })

  const summary: Array<{ organization: string; users: number; companies: number; trucks: number; trailers: number }> = []
  for (const demo of ORGS) {
    const organization = await prisma.organization.create({ data: { name: demo.name, ...demo.details, inboundLocalPart: newInboundLocalPart(demo.name) } })
    await prisma.company.createMany({ data: demo.companies.map((name) => ({ ...COMPANY_DETAILS[name], organizationId: organization.id, name })) })
    const companies = await prisma.company.findMany({ where: { organizationId: organization.id }, orderBy: { name: 'asc' } })
    await prisma.user.createMany({
      data: demo.users.map((user, index) => ({
        ...user,
        organizationId: organization.id,
        passwordHash,
        status: 'active' as const,
        emailVerifiedAt: new Date(),
        companyId: user.role === 'driver' ? companies[index % companies.length].id : null,
      })),
    })
    const drivers = await prisma.user.findMany({ where: { organizationId: organization.id, role: 'driver' }, orderBy: { email: 'asc' } })
    await prisma.driverProfile.createMany({ data: drivers.map((driver, index) => demoDriverProfile(organization.id, driver.id, index)) })
    await prisma.driverQualification.createMany({ data: drivers.flatMap((driver, index) => demoQualifications(organization.id, driver.id, index)) })
    const companyIds = companies.map((company) => company.id)
    const driverIds = drivers.map((driver) => driver.id)
    const extra = demo === ORGS[0] ? Math.max(0, Math.floor((options.scale ?? 0) * 100)) : 0
    const total = demo.trucks + extra
    for (let start = 0; start < total; start += BATCH) {
      const rows = generateTrucks(next, organization.id, companyIds, start === 0 ? driverIds : [], Math.min(BATCH, total - start), start + 101)
      await prisma.truck.createMany({ data: rows })
    }
    await prisma.trailer.createMany({ data: generateTrailers(organization.id, companyIds, demo.trailers) })
    await prisma.broker.createMany({ data: demo.brokers.map((broker) => ({ ...broker, organizationId: organization.id })) })
    await seedCustomFields(prisma, organization.id)
    const loads = await seedLoads(prisma, organization.id, demo === ORGS[0] ? 40 : 8)
    const invoices = await seedInvoices(prisma, organization.id)
    if (demo === ORGS[0]) await seedDemoMail(prisma, organization.id)
    log(`[seed] ${demo.name}: ${loads} loads, ${invoices} invoices`)
    summary.push({ organization: demo.name, users: demo.users.length, companies: companies.length, trucks: total, trailers: demo.trailers })
  }
  // Fresh planner statistics after bulk inserts, so lists use their indexes straight away.
  await prisma.$executeRawUnsafe('ANALYZE')
  for (const row of summary) log(`[seed] ${row.organization}: ${row.users} users, ${row.companies} companies, ${row.trucks} trucks, ${row.trailers} trailers`)
  for (const demo of ORGS) log(`[seed] ${demo.name}: ${demo.brokers.length} brokers`)
  return summary
}

/** Used by `npm start`: seeds only a database without any organization. */
export async function seedIfEmpty() {
  const { prisma } = await import('../app/utils/db.server')
  if ((await prisma.organization.count()) > 0) return false
  await seed()
  return true
}

async function main() {
  const { applyMigrations, startEmbeddedPostgres } = await import('../app/utils/db-setup.server')
  const scaleIndex = process.argv.indexOf('--loads-scale')
  const scale = scaleIndex > 0 ? Number(process.argv[scaleIndex + 1]) : 0
  if (!Number.isFinite(scale) || scale < 0) throw new Error('--loads-scale takes a number ≥ 0')
  let stop = async () => {}
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres({ dataDir: `${process.env.DATA_DIR ?? '.data'}/postgres` })
    process.env.DATABASE_URL = embedded.url
    stop = embedded.stop
  }
  await applyMigrations(process.env.DATABASE_URL)
  process.env.SESSION_SECRET ??= 'seed-script-does-not-sign-anything'
  const loadsIndex = process.argv.indexOf('--loads')
  const loads = loadsIndex > 0 ? Number(process.argv[loadsIndex + 1]) : 0
  if (!Number.isSafeInteger(loads) || loads < 0) throw new Error('--loads takes a whole number ≥ 0')
  const started = performance.now()
  await seed({ scale })
  console.info(`[seed] done in ${((performance.now() - started) / 1000).toFixed(1)} s; password for every demo login: ${DEMO_PASSWORD}`)
  const { prisma } = await import('../app/utils/db.server')
  if (loads > 0) {
    const { seedLoads } = await import('./seed-loads')
    const organizations = await prisma.user.findMany({
      where: { email: { in: ORGS.map((org) => org.users[0].email) } },
      select: { email: true, organizationId: true },
    })
    // The first demo organization (the bench's) first: it gets most of them.
    const ordered = ORGS.map((org) => organizations.find((row) => row.email === org.users[0].email)!.organizationId)
    const result = await seedLoads(process.env.DATABASE_URL!, ordered, loads)
    console.info(`[seed] ${result.loads.toLocaleString('en-US')} generated loads in ${result.seconds.toFixed(1)} s`)
  }
  await prisma.$disconnect()
  await stop()
}

// Run as a script (`tsx prisma/seed.ts`), not when imported: the production server bundles this
// module into build/server.js, where import.meta.url would name the server itself.
if (path.basename(process.argv[1] ?? '') === 'seed.ts') {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
