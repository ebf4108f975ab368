/**
 * The collections several operations share: one definition per name, as for every shared
 * parameter (sharedParameters.ts). Each operation declares its fields in its own file; here
 * they are shown for that operation only (fieldsFor), in the order the editor lists them.
 */
import type { INodeProperties } from 'n8n-workflow';
import { additionalFields, fieldsFor, filtersCollection, optionsCollection } from '../../shared/commonParameters';
import { checkCreateOptions } from '../resources/check/create';
import { checkFields } from '../resources/check/fields';
import { checkGetManyFilters } from '../resources/check/getAll';
import { flipGetManyFilters } from '../resources/flip/getAll';
import { pingGetBodyOptions } from '../resources/ping/getBody';
import { pingSendFields } from '../resources/ping/send';

export const additionalFieldsParameter: INodeProperties = additionalFields({ resource: ['check', 'ping'], operation: ['create', 'send'] }, [
	...fieldsFor('check', ['create'], checkFields),
	...fieldsFor('ping', ['send'], pingSendFields),
]);

export const optionsParameter: INodeProperties = optionsCollection({ resource: ['check', 'ping'], operation: ['create', 'getBody'] }, [
	...fieldsFor('ping', ['getBody'], pingGetBodyOptions),
	...fieldsFor('check', ['create'], checkCreateOptions),
]);

export const filtersParameter: INodeProperties = filtersCollection({ resource: ['check', 'flip'], operation: ['getAll'] }, [
	...fieldsFor('flip', ['getAll'], flipGetManyFilters),
	...fieldsFor('check', ['getAll'], checkGetManyFilters),
]);
