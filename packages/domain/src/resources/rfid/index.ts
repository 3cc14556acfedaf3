import { defineDomainModule } from '../module.js';
import { rfidMenu } from './_menu.js';
import { equipmentResource } from './equipment.js';
import { sceneResource } from './scene.js';

export * from './enums.js';
export * from './equipment.js';
export * from './scene.js';
export { rfidMenu };

/** The RFID module: its menu and declarations. */
export const rfidModule = defineDomainModule({ code: 'rfid', menu: rfidMenu, resources: [equipmentResource, sceneResource] });
