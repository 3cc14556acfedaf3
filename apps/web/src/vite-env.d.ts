/// <reference types="vite/client" />
declare const __WEB_VERSION__: string;
