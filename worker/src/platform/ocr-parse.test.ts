import { describe, expect, it } from 'vitest'
import { findDate, parseAmount, parseReceiptText } from './ocr-parse'

// Receipt texts as OCR gives them: varied layouts, spacing and the usual misreads.
const CAFE = `
Harbor Coffee Roasters
12 Pier Street, Portland ME
Tel (207) 555-0142
Date: 11/03/2026 08:42
2 x Caffe Latte            9.00
1 x Blueberry Muffin       3.25
Cold Brew Large x1         4.95
SUBTOTAL                  17.20
TAX 5.50%                  0.95
TOTAL                    $18.15
Card: VISA ****4821       18.15
`

const GROCERY = `
GREEN BASKET MARKET
Store #0117 Springfield
2026-10-14 17:05 Lane 3
4011 ORGANIC BANANAS        2.49
070038000563 WHOLE MILK 1 GAL 4.29 F
036000291452 GREEK YOGURT PLAIN 3.57 F
  3 @ 1.19
YOU SAVED                   0.50
SUBTOTAL                   10.35
TOTAL                      10.35
DEBIT TEND                 10.35
CHANGE DUE                  0.00
`

const PHARMACY = `
Welcome to
Northside Pharmacy
480 Elm Avenue
Oct 21, 2026 2:17 PM
Vitamin D3 1000 IU        12.99
Hand Cream 3oz            10.98
  Qty 2 @ 5.49 ea
Sub-total                 23.97
Sales Tax                  2.46
Amount Due                26.43
`

const EUROPE = `
PIXEL & PLUG ELECTRONICS
Unit 4, Market Square
Date 18.10.2026 Time 11:26
SKU      ITEM              QTY   GBP
PP-4417  USB-C Cable 2m     1   19,99
PP-3104  AA Batteries 8pk   2   14,98
TOTAL                         £34,97
Prices include VAT at 20%
`

const NOISY = `
~ FRESH & CO ~
21 March 2026
Avocado Toast . . . . . . . 8.5O
Flat White             $ 4.20
Orange Juice 2 3.10    6.20
TOTAL
18.90
`

describe('receipt text parser', () => {
  it('reads a café ticket with quantities before and after the name', () => {
    const r = parseReceiptText(CAFE)
    expect(r.merchant).toBe('Harbor Coffee Roasters')
    expect(r.date).toBe('2026-11-03')
    expect(r.total_cents).toBe(1815)
    expect(r.items).toEqual([
      { name: 'Caffe Latte', sku: null, quantity: 2, price_cents: 900 },
      { name: 'Blueberry Muffin', sku: null, quantity: 1, price_cents: 325 },
      { name: 'Cold Brew Large', sku: null, quantity: 1, price_cents: 495 },
    ])
    // Merchant, date, total and items found, and the items add up to the subtotal.
    expect(r.completeness).toBe(1)
  })

  it('reads barcodes, tax flags and a quantity line under the item, and skips savings and tender lines', () => {
    const r = parseReceiptText(GROCERY)
    expect(r.merchant).toBe('Green Basket Market')
    expect(r.date).toBe('2026-10-14')
    expect(r.total_cents).toBe(1035)
    expect(r.items).toEqual([
      { name: 'ORGANIC BANANAS', sku: '4011', quantity: 1, price_cents: 249 },
      { name: 'WHOLE MILK 1 GAL', sku: '070038000563', quantity: 1, price_cents: 429 },
      { name: 'GREEK YOGURT PLAIN', sku: '036000291452', quantity: 3, price_cents: 357 },
    ])
  })

  it('skips a greeting, reads a written-out date, "Amount Due" and "Qty 2 @ 5.49 ea"', () => {
    const r = parseReceiptText(PHARMACY)
    expect(r.merchant).toBe('Northside Pharmacy')
    expect(r.date).toBe('2026-10-21')
    expect(r.total_cents).toBe(2643)
    expect(r.items.map((i) => [i.name, i.quantity, i.price_cents])).toEqual([
      ['Vitamin D3 1000 IU', 1, 1299],
      ['Hand Cream 3oz', 2, 1098],
    ])
  })

  it('reads a SKU column, a QTY column, decimal commas, pounds and a day-first dotted date', () => {
    const r = parseReceiptText(EUROPE)
    expect(r.merchant).toBe('Pixel & Plug Electronics')
    expect(r.date).toBe('2026-10-18')
    expect(r.total_cents).toBe(3497)
    expect(r.items).toEqual([
      { name: 'USB-C Cable 2m', sku: 'PP-4417', quantity: 1, price_cents: 1999 },
      { name: 'AA Batteries 8pk', sku: 'PP-3104', quantity: 2, price_cents: 1498 },
    ])
  })

  it('copes with OCR noise: O for 0, leader dots, a split total, unit and line prices', () => {
    const r = parseReceiptText(NOISY)
    expect(r.merchant).toBe('Fresh & Co')
    expect(r.date).toBe('2026-03-21')
    expect(r.total_cents).toBe(1890)
    expect(r.items.map((i) => [i.name, i.quantity, i.price_cents])).toEqual([
      ['Avocado Toast', 1, 850],
      ['Flat White', 1, 420],
      ['Orange Juice', 2, 620],
    ])
  })

  it('gives a low completeness to text that is not a receipt', () => {
    const r = parseReceiptText('The quick brown fox\njumps over the lazy dog')
    expect(r.items).toEqual([])
    expect(r.total_cents).toBeNull()
    expect(r.date).toBeNull()
    expect(r.completeness).toBeLessThan(0.3)
  })

  it('falls back to the largest amount when no total line was read', () => {
    const r = parseReceiptText('Corner Deli\nSandwich 6.50\nSoda 1.75\n8.25')
    expect(r.total_cents).toBe(825)
    expect(r.completeness).toBeLessThan(1)
  })

  it('parses amounts and dates in their common forms', () => {
    expect(parseAmount('1,234.56')).toBe(123456)
    expect(parseAmount('1.234,56')).toBe(123456)
    expect(parseAmount('12,99')).toBe(1299)
    expect(parseAmount('l2.O9')).toBe(1209)
    expect(parseAmount('12')).toBeNull()
    expect(findDate('03/11/2026')).toBe('2026-03-11')
    expect(findDate('03/11/2026', { dayFirst: true })).toBe('2026-11-03')
    expect(findDate('25/12/26')).toBe('2026-12-25')
    expect(findDate('2026/02/30')).toBeNull()
    expect(findDate('Sept. 5th, 2026')).toBe('2026-09-05')
    expect(findDate('5-Jan-2027')).toBe('2027-01-05')
    // Day first on a receipt in pounds.
    expect(parseReceiptText('Shop\n04/05/2026\nTea 1.00\nTOTAL £1.00').date).toBe('2026-05-04')
  })
})
