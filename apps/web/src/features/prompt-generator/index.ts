// What other features may use of the prompt generator (its screen is lazy-loaded by the app).
export { GeneratorInstructionsEditor } from './components/generator-instructions-editor';
