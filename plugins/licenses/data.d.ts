/** The virtual module the licences plugin serves to the licences page (see ./webpack.ts). */
declare module '@shipped-licenses/data' {
  const data: import('./types').LicensesData;
  export default data;
}
