/**
 * The dashboard's static files, embedded in the binary as text (`with { type: "text" }`), so
 * `vigil serve` needs nothing on disk. Only the serve command's import graph reaches this.
 */
import css from "./dashboard.css" with { type: "text" };
import html from "./index.html" with { type: "text" };
import js from "./dashboard.js" with { type: "text" };

export const DASHBOARD_HTML: string = html;
export const DASHBOARD_CSS: string = css;
export const DASHBOARD_JS: string = js;
