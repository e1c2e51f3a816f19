// What the licences page imports as '@shipped-licenses/data'. The licences plugin (./webpack.ts)
// replaces the string below, in each bundle's emitted code, with the data of the packages that ship.
module.exports = JSON.parse('__SHIPPED_LICENSES_DATA__');
