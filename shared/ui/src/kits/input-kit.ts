/** Form inputs beyond the basics: loaded on demand (a lazy chunk of @hcm/ui). */
export { DecimalInput } from '../input/DecimalInput.tsx';
export { DateInput } from '../input/DateInput.tsx';
export { MonthInput } from '../input/MonthInput.tsx';
export { FileUpload } from '../upload/FileUpload.tsx';
