/** Browser local storage keys of SPEC §9. */
export const storageKeys = {
  accessToken: 'accessToken',
  userId: 'userId',
  localeId: 'localeId',
  currencyId: 'currencyId',
  listMode: 'list-mode',
  cookieAccepted: 'cookie-accepted',
} as const;
