/**
 * Rate confirmation PDFs as brokers lay them out, generated with pdfkit (as invoices are), with
 * what each one says: label-colon lines, a table of stops, "Stop 1 / Stop 2" blocks, "Shipper /
 * Consignee" blocks, a label grid without colons; US and ISO dates; and a scanned one (an image,
 * no text). Vitest (tests/unit/rate-confirmation-rules.test.ts, the API and page tests) and
 * Playwright (tests/e2e/rate-confirmation.spec.ts) read them. No app imports: both runners load it.
 */
import { deflateSync } from 'node:zlib'

import PDFDocument from 'pdfkit'

export type ExpectedStop = {
  type: 'pickup' | 'delivery'
  facilityName: string
  line1: string
  city: string
  state: string
  postalCode: string
  windowStart: string
  windowEnd: string
}

export type ExpectedRateConfirmation = {
  brokerName: string
  brokerMc: string
  /** The broker's own details where its letterhead gives them ("Add a broker" prefilled). */
  brokerContactName?: string
  brokerPhone?: string
  brokerEmail?: string
  brokerAddressLine1?: string
  brokerCity?: string
  brokerState?: string
  brokerPostalCode?: string
  brokerReference: string
  equipmentType: string
  commodity: string
  weightLb: number
  linehaulCents: number
  stops: ExpectedStop[]
}

export type RateConfirmationLayout = { name: string; fileName: string; expected: ExpectedRateConfirmation; pdf: () => Promise<Buffer> }

type Doc = InstanceType<typeof PDFDocument>

function render(draw: (doc: Doc) => void) {
  return new Promise<Buffer>((resolve, reject) => {
    // A fixed creation date and id: the same layout gives the same bytes.
    const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { CreationDate: new Date('2026-11-20T12:00:00Z') } })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    draw(doc)
    doc.end()
  })
}

/** Text at a place, never wrapped. */
function at(doc: Doc, text: string, x: number, y: number, size = 10, bold = false) {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .text(text, x, y, { lineBreak: false })
}

const terms = (doc: Doc, y: number) => {
  at(doc, 'Terms and conditions', 40, y, 9, true)
  at(doc, 'Carrier agrees to haul the freight above at the rate shown. Detention after 2 hours free.', 40, y + 14, 8)
  at(doc, 'Signature: ______________________    Date: __________', 40, y + 40, 9)
}

/** 1. Label-colon lines, US dates, the stop's address on its header line. */
const colon: RateConfirmationLayout = {
  name: 'label-colon lines',
  fileName: 'acme-rate-confirmation.pdf',
  expected: {
    brokerName: 'Acme Logistics LLC',
    brokerMc: '123456',
    brokerAddressLine1: '900 N Michigan Ave',
    brokerCity: 'Chicago',
    brokerState: 'IL',
    brokerPostalCode: '60611',
    brokerReference: 'AL-55821',
    equipmentType: 'dry_van',
    commodity: 'Paper products',
    weightLb: 42000,
    linehaulCents: 245000,
    stops: [
      {
        type: 'pickup',
        facilityName: 'Midwest Paper Co',
        line1: '1200 W Lake St',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60607',
        windowStart: '2026-11-28T08:00',
        windowEnd: '2026-11-28T12:00',
      },
      {
        type: 'delivery',
        facilityName: 'Lone Star DC',
        line1: '4500 Industrial Blvd',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75207',
        windowStart: '2026-11-30T07:00',
        windowEnd: '2026-11-30T15:00',
      },
    ],
  },
  pdf: () =>
    render((doc) => {
      at(doc, 'Acme Logistics LLC', 40, 40, 16, true)
      at(doc, '900 N Michigan Ave, Chicago, IL 60611    MC# 123456', 40, 62, 9)
      at(doc, 'RATE CONFIRMATION', 40, 90, 14, true)
      const lines = [
        'Load #: AL-55821',
        'Carrier: Freightdesk Test Carrier    Carrier MC: 998877',
        'Pickup: Midwest Paper Co, 1200 W Lake St, Chicago, IL 60607',
        'Pickup Date: 11/28/2026 08:00 - 11/28/2026 12:00',
        'Delivery: Lone Star DC, 4500 Industrial Blvd, Dallas, TX 75207',
        'Delivery Date: 11/30/2026 07:00 - 15:00',
        "Equipment: 53' Dry Van",
        'Commodity: Paper products',
        'Weight: 42,000 lbs',
        'Line Haul: $2,450.00',
        'Fuel Surcharge: $150.00',
        'Total: $2,600.00',
      ]
      lines.forEach((line, index) => at(doc, line, 40, 120 + index * 18))
      terms(doc, 360)
    }),
}

/** 2. A table of stops (two pickups, one delivery), the freight as a row of labels over a row of values. */
const table: RateConfirmationLayout = {
  name: 'table',
  fileName: 'summit-load-tender.pdf',
  expected: {
    brokerName: 'Summit Freight Brokerage',
    brokerMc: '765432',
    brokerReference: 'SF-9001',
    equipmentType: 'reefer',
    commodity: 'Frozen vegetables',
    weightLb: 38500,
    linehaulCents: 312550,
    stops: [
      {
        type: 'pickup',
        facilityName: 'Green Valley Farms',
        line1: '88 Orchard Rd',
        city: 'Salinas',
        state: 'CA',
        postalCode: '93901',
        windowStart: '2026-12-01T06:00',
        windowEnd: '2026-12-01T10:00',
      },
      {
        type: 'pickup',
        facilityName: 'Coastal Cold Storage',
        line1: '410 Harbor Way',
        city: 'Watsonville',
        state: 'CA',
        postalCode: '95076',
        windowStart: '2026-12-01T13:00',
        windowEnd: '2026-12-01T14:00',
      },
      {
        type: 'delivery',
        facilityName: 'Metro Foods DC',
        line1: '7700 Commerce Pkwy',
        city: 'Phoenix',
        state: 'AZ',
        postalCode: '85043',
        windowStart: '2026-12-02T22:00',
        windowEnd: '2026-12-02T23:30',
      },
    ],
  },
  pdf: () =>
    render((doc) => {
      at(doc, 'LOAD TENDER / RATE CONFIRMATION', 40, 40, 14, true)
      at(doc, 'Broker: Summit Freight Brokerage', 40, 70)
      at(doc, 'MC# 765432', 330, 70)
      at(doc, 'Pro #: SF-9001', 40, 88)
      at(doc, 'Tendered: 11/25/2026', 330, 88)
      const columns = [40, 66, 112, 212, 304, 368, 390, 428, 484]
      const header = ['Stop', 'Type', 'Facility', 'Address', 'City', 'ST', 'Zip', 'Date', 'Time']
      header.forEach((text, index) => at(doc, text, columns[index], 124, 8, true))
      const rows = [
        ['1', 'Pickup', 'Green Valley Farms', '88 Orchard Rd', 'Salinas', 'CA', '93901', '12/01/2026', '6:00 AM-10:00 AM'],
        ['2', 'Pickup', 'Coastal Cold Storage', '410 Harbor Way', 'Watsonville', 'CA', '95076', '12/01/2026', '1:00 PM-2:00 PM'],
        ['3', 'Delivery', 'Metro Foods DC', '7700 Commerce Pkwy', 'Phoenix', 'AZ', '85043', '12/02/2026', '22:00-23:30'],
      ]
      rows.forEach((row, line) => row.forEach((text, index) => at(doc, text, columns[index], 142 + line * 16, 8)))
      const freight = [40, 150, 260, 400]
      ;['Equipment', 'Weight', 'Commodity', 'Line Haul'].forEach((text, index) => at(doc, text, freight[index], 220, 9, true))
      ;['Reefer 53 ft', '38,500 lbs', 'Frozen vegetables', '$3,125.50'].forEach((text, index) => at(doc, text, freight[index], 236, 9))
      terms(doc, 290)
    }),
}

/** 3. "Stop 1 / Stop 2" blocks with labelled lines, ISO dates. */
const stops: RateConfirmationLayout = {
  name: 'Stop 1 / Stop 2 blocks',
  fileName: 'blue-ridge-confirmation.pdf',
  expected: {
    brokerName: 'Blue Ridge Transport Inc',
    brokerMc: '456789',
    brokerReference: 'BRT-20931',
    equipmentType: 'flatbed',
    commodity: 'Steel coils',
    weightLb: 45000,
    linehaulCents: 198000,
    stops: [
      {
        type: 'pickup',
        facilityName: 'Carolina Steel Works',
        line1: '300 Mill Rd',
        city: 'Greensboro',
        state: 'NC',
        postalCode: '27401',
        windowStart: '2026-12-03T07:30',
        windowEnd: '2026-12-03T09:30',
      },
      {
        type: 'delivery',
        facilityName: 'Atlanta Fabrication',
        line1: '1550 Marietta Blvd NW',
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30318',
        windowStart: '2026-12-04T14:00',
        windowEnd: '2026-12-04T16:00',
      },
    ],
  },
  pdf: () =>
    render((doc) => {
      at(doc, 'Carrier Rate Confirmation', 40, 40, 16, true)
      at(doc, 'Broker Name: Blue Ridge Transport Inc', 40, 70)
      at(doc, 'MC Number: 456789', 330, 70)
      at(doc, 'Load Number: BRT-20931', 40, 88)
      const lines: Array<[string, boolean]> = [
        ['Stop 1 - Pick Up', true],
        ['Facility: Carolina Steel Works', false],
        ['Address: 300 Mill Rd', false],
        ['City/State/Zip: Greensboro, NC 27401', false],
        ['Appointment: 2026-12-03 07:30 to 2026-12-03 09:30', false],
        ['Contact: Dana Reyes 336-555-0142', false],
        ['Stop 2 - Drop', true],
        ['Facility: Atlanta Fabrication', false],
        ['Address: 1550 Marietta Blvd NW', false],
        ['City/State/Zip: Atlanta, GA 30318', false],
        ['Appointment: 2026-12-04T14:00 - 2026-12-04T16:00', false],
        ["Equipment: Flatbed 48'", false],
        ['Commodity: Steel coils', false],
        ['Weight: 45000 lb', false],
        ['Total Carrier Pay: $1,980.00', false],
      ]
      lines.forEach(([line, bold], index) => at(doc, line, 40, 120 + index * 18, 10, bold))
      terms(doc, 420)
    }),
}

/** 4. Shipper / Consignee blocks: the letterhead names the broker, address lines without labels, US dates. */
const shipper: RateConfirmationLayout = {
  name: 'Shipper / Consignee blocks',
  fileName: 'prairie-ratecon.pdf',
  expected: {
    brokerName: 'Prairie Freight Partners',
    brokerMc: '234567',
    brokerEmail: 'dispatch@prairiefreight.example',
    brokerReference: 'PFP-7781',
    equipmentType: 'dry_van',
    commodity: 'Auto parts',
    weightLb: 24600,
    linehaulCents: 175000,
    stops: [
      {
        type: 'pickup',
        facilityName: 'Heartland Auto Supply',
        line1: '2200 E Washington St',
        city: 'Indianapolis',
        state: 'IN',
        postalCode: '46201',
        windowStart: '2026-11-28T09:00',
        windowEnd: '2026-11-28T11:00',
      },
      {
        type: 'delivery',
        facilityName: 'Great Lakes Assembly',
        line1: '18000 Van Dyke Ave',
        city: 'Detroit',
        state: 'MI',
        postalCode: '48234',
        windowStart: '2026-11-29T08:00',
        windowEnd: '2026-11-29T10:00',
      },
    ],
  },
  pdf: () =>
    render((doc) => {
      at(doc, 'Prairie Freight Partners', 40, 40, 16, true)
      at(doc, 'MC 234567  |  dispatch@prairiefreight.example', 40, 62, 9)
      at(doc, 'Rate Confirmation', 400, 40, 12, true)
      at(doc, 'Order #: PFP-7781', 400, 58, 9)
      at(doc, 'Carrier: Freightdesk Test Carrier MC 998877', 40, 96)
      const lines: Array<[string, boolean]> = [
        ['SHIPPER', true],
        ['Heartland Auto Supply', false],
        ['2200 E Washington St', false],
        ['Indianapolis, IN 46201', false],
        ['__SHIPDATE__', false],
        ['CONSIGNEE', true],
        ['Great Lakes Assembly', false],
        ['18000 Van Dyke Ave', false],
        ['Detroit, MI 48234', false],
        ['__DELDATE__', false],
      ]
      lines.forEach(([line, bold], index) => {
        const y = 130 + index * 16
        if (line === '__SHIPDATE__') {
          at(doc, 'Ship Date: 11/28/2026', 40, y)
          at(doc, 'Time: 09:00 - 11:00', 220, y)
        } else if (line === '__DELDATE__') {
          at(doc, 'Delivery Date: 11/29/2026', 40, y)
          at(doc, 'Time: 08:00 - 10:00', 220, y)
        } else at(doc, line, 40, y, 10, bold)
      })
      at(doc, 'Equipment: Dry Van 53 ft', 40, 310)
      at(doc, 'Commodity: Auto parts', 300, 310)
      at(doc, 'Weight: 24,600 LBS', 40, 328)
      at(doc, 'Rate: $1,750.00', 40, 346)
      at(doc, 'Fuel Surcharge: $150.00', 40, 364)
      at(doc, 'Total: $1,900.00', 40, 382)
      terms(doc, 420)
    }),
}

/** 5. A grid of labels and values without colons, "Origin" / "Destination" sections, ISO dates with a time range. */
const grid: RateConfirmationLayout = {
  name: 'label grid',
  fileName: 'northstar-confirmation.pdf',
  expected: {
    brokerName: 'Northstar Brokerage Co',
    brokerMc: '345678',
    brokerReference: 'NS-44120',
    equipmentType: 'step_deck',
    commodity: 'Machinery',
    weightLb: 30250,
    linehaulCents: 289075,
    stops: [
      {
        type: 'pickup',
        facilityName: 'Twin Cities Machine',
        line1: '45 Industrial Dr',
        city: 'St. Paul',
        state: 'MN',
        postalCode: '55101',
        windowStart: '2026-12-05T08:00',
        windowEnd: '2026-12-05T12:00',
      },
      {
        type: 'delivery',
        facilityName: 'Prairie Equipment Yard',
        line1: '9800 W 95th St',
        city: 'Overland Park',
        state: 'KS',
        postalCode: '66212',
        windowStart: '2026-12-06T13:00',
        windowEnd: '2026-12-06T17:00',
      },
    ],
  },
  pdf: () =>
    render((doc) => {
      at(doc, 'CONFIRMATION OF RATE AGREEMENT', 40, 40, 14, true)
      let y = 76
      const row = (label: string, value: string, bold = false) => {
        at(doc, label, 40, y, 10, bold)
        if (value) at(doc, value, 200, y)
        y += 17
      }
      row('Broker Name', 'Northstar Brokerage Co')
      row('MC Number', '345678')
      row('Reference', 'NS-44120')
      row('Equipment Type', 'Step Deck')
      row('Commodity', 'Machinery')
      row('Total Weight', '30,250 lbs')
      row('Linehaul', 'USD 2,890.75')
      y += 10
      row('Origin', '', true)
      row('Location', 'Twin Cities Machine')
      row('Street', '45 Industrial Dr')
      row('City', 'St. Paul')
      row('State', 'MN')
      row('Zip', '55101')
      row('Window', '2026-12-05 08:00 - 12:00')
      y += 10
      row('Destination', '', true)
      row('Location', 'Prairie Equipment Yard')
      row('Street', '9800 W 95th St')
      row('City', 'Overland Park')
      row('State', 'KS')
      row('Zip', '66212')
      row('Window', '2026-12-06 13:00 - 17:00')
      terms(doc, y + 20)
    }),
}

/**
 * 6. A letterhead with the broker's whole card (street and city on two lines, phone beside a fax,
 * email, contact), then "Pickup:" / "Delivery:" blocks whose own contact is the facility's.
 */
const letterhead: RateConfirmationLayout = {
  name: 'letterhead with contact',
  fileName: 'keystone-rate-confirmation.pdf',
  expected: {
    brokerName: 'Keystone Freight Solutions LLC',
    brokerMc: '554433',
    brokerContactName: 'Maria Lopez',
    brokerPhone: '(215) 555-0199',
    brokerEmail: 'loads@keystonefreight.example',
    brokerAddressLine1: '1500 Market St',
    brokerCity: 'Philadelphia',
    brokerState: 'PA',
    brokerPostalCode: '19102',
    brokerReference: 'KFS-1208',
    equipmentType: 'dry_van',
    commodity: 'Canned goods',
    weightLb: 40000,
    linehaulCents: 210000,
    stops: [
      {
        type: 'pickup',
        facilityName: 'Lancaster Foods',
        line1: '77 Dutch Rd',
        city: 'Lancaster',
        state: 'PA',
        postalCode: '17601',
        windowStart: '2026-12-07T08:00',
        windowEnd: '2026-12-07T10:00',
      },
      {
        type: 'delivery',
        facilityName: 'Harbor Grocers DC',
        line1: '2 Pier Ave',
        city: 'Baltimore',
        state: 'MD',
        postalCode: '21230',
        windowStart: '2026-12-08T06:00',
        windowEnd: '2026-12-08T09:00',
      },
    ],
  },
  pdf: () =>
    render((doc) => {
      at(doc, 'Keystone Freight Solutions LLC', 40, 40, 16, true)
      at(doc, '1500 Market St', 40, 62, 9)
      at(doc, 'Philadelphia, PA 19102', 40, 74, 9)
      at(doc, 'Phone: (215) 555-0199', 40, 86, 9)
      at(doc, 'Fax: (215) 555-0198', 220, 86, 9)
      at(doc, 'Email: loads@keystonefreight.example', 40, 98, 9)
      at(doc, 'Contact: Maria Lopez', 40, 110, 9)
      at(doc, 'MC# 554433', 400, 62, 9)
      at(doc, 'RATE CONFIRMATION', 40, 136, 14, true)
      const lines = [
        'Load #: KFS-1208',
        'Carrier: Freightdesk Test Carrier    Carrier MC: 998877    Phone: (312) 555-0111',
        'Pickup: Lancaster Foods, 77 Dutch Rd, Lancaster, PA 17601',
        'Pickup Date: 12/07/2026 08:00 - 10:00',
        'Contact: Sam Fisher 717-555-0123',
        'Delivery: Harbor Grocers DC, 2 Pier Ave, Baltimore, MD 21230',
        'Delivery Date: 12/08/2026 06:00 - 09:00',
        "Equipment: 53' Dry Van",
        'Commodity: Canned goods',
        'Weight: 40,000 lbs',
        'Line Haul: $2,100.00',
        'Total: $2,100.00',
      ]
      lines.forEach((line, index) => at(doc, line, 40, 166 + index * 18))
      terms(doc, 400)
    }),
}

export const RATE_CONFIRMATION_LAYOUTS: RateConfirmationLayout[] = [colon, table, stops, shipper, grid, letterhead]

// A scanned page: an image, no text -------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A grey page with dark bars where a scanner would have seen lines of text. */
export function scanImage(width = 300, height = 200) {
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = y % 20 < 6 && x > 20 && x < 260 - (y % 60) ? 40 : 235
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

export function scannedRateConfirmation() {
  return render((doc) => {
    doc.image(scanImage(), 40, 40, { width: 530 })
  })
}
