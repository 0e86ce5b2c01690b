/**
 * 1250 -> "1,250". Whole numbers (points, counts: what a first paint shows) are grouped here as en-US
 * groups them; anything else goes through Intl. No Intl formatter is made when a module loads, nor for
 * whole numbers: a page's first one loads the locale's data, tens of milliseconds of a phone's main
 * thread before the first paint (one made at load in this folder was 12 ms of the site's start on a
 * desktop, issue 29). Shared by the widgets and the worker; no zod here.
 */
export const formatNumber = (n: number) =>
  Number.isSafeInteger(n) ? `${n}`.replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US')
