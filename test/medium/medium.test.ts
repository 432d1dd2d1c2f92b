import { describeCases } from '../support/cases';

describeCases(__filename);
