// Lets TypeScript import single-file components; vite's Vue plugin compiles them.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
