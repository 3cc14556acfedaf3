/** Request and response schemas of the label module's own routes (zod; the declarations stay zod-free). */
export * from '../resources/label/orders/wizard.api.js';
