/** The dashboard's files, imported as text (see assets.ts). */
declare module "*/index.html" {
  const text: string;
  export default text;
}
declare module "*/dashboard.css" {
  const text: string;
  export default text;
}
declare module "*/dashboard.js" {
  const text: string;
  export default text;
}
