import { describeCases } from '../support/cases';

describeCases(__dirname, 'cases');
