import { describe, expect, it } from 'vitest';
import { validate } from '../schemas/ajv';
import { autoClosureBodySchema, autoClosureFormSchema } from '../schemas/auto-closure';
import { quote, unquote } from '../schemas/auto-closure-payload';
import { toAutoClosureBody, toAutoClosureForm } from './auto-closure';

const ruleForm = {
  autoClosureType: 'RULE_BASED',
  threshold: 2,
  rules: [
    {
      autoClosureRuleSubject: 'Plant gate',
      min_time_at_destination: 30,
      min_time_after_destination: 15,
      firstCustomValue: 'custom_values.plant_code',
      firstCustomOperator: '==',
      firstFieldValue: 'JSR-01',
      joinOperator: '&&',
      secondCustomValue: 'driver_name',
      secondCustomOperator: '!=',
      secondFieldValue: 'Ravi',
    },
    {
      autoClosureRuleSubject: 'LR given',
      min_time_at_destination: 10,
      min_time_after_destination: 5,
      firstCustomValue: 'lr_number',
      firstCustomOperator: '!=',
      firstFieldValue: 'NA',
    },
  ],
};

describe('auto closure payload', () => {
  it('sends rows as parallel arrays with quoted values, and reads them back unquoted', () => {
    const body = toAutoClosureBody(ruleForm, { companyId: '1001' }, { editing: true, id: 'acl_1' });
    expect(body).toMatchObject({
      companyId: '1001',
      branchId: null,
      edit: true,
      customerConfigId: 'acl_1',
      threshold: 2,
      autoClosureRuleSubject: ['Plant gate', 'LR given'],
      firstFieldValue: ["'JSR-01'", "'NA'"],
      secondFieldValue: ["'Ravi'", ''],
      joinOperator: ['&&', ''],
    });
    expect(body).not.toHaveProperty('rules');
    expect(validate(autoClosureBodySchema, body)).toEqual([]);
    expect(toAutoClosureForm({ ...body, identifier: 'RULE_BASED', lastMileMinutes: 3 })).toEqual(ruleForm);
    expect(unquote(quote('A B'))).toBe('A B');
  });

  it('leaves out a second condition that was not given, even with AND and Equal To showing', () => {
    const form = { ...ruleForm, rules: [{ ...ruleForm.rules[1], joinOperator: '&&', secondCustomOperator: '==' }] };
    const body = toAutoClosureBody(form, { companyId: '1001' }, { editing: false });
    expect(body).toMatchObject({
      joinOperator: [''],
      secondCustomOperator: [''],
      secondCustomValue: [''],
      secondFieldValue: [''],
    });
    expect(validate(autoClosureBodySchema, body)).toEqual([]);
  });

  it('asks for the other half of a second condition', () => {
    const rule = ruleForm.rules[1];
    expect(
      validate(autoClosureFormSchema, {
        autoClosureType: 'RULE_BASED',
        threshold: 1,
        rules: [{ ...rule, secondCustomValue: 'driver_name' }],
      }),
    ).toEqual(['Please enter field value']);
    expect(
      validate(autoClosureFormSchema, {
        autoClosureType: 'RULE_BASED',
        threshold: 1,
        rules: [{ ...rule, secondFieldValue: 'Ravi' }],
      }),
    ).toEqual(['Please select custom value']);
  });

  it('gives each type its own messages in the form', () => {
    expect(validate(autoClosureFormSchema, {})).toEqual(['Please select auto closure type']);
    expect(validate(autoClosureFormSchema, { autoClosureType: 'ON_EXIT' })).toEqual([
      'Please enter company name',
      'Please enter geofence radius in meter',
    ]);
    expect(validate(autoClosureFormSchema, { autoClosureType: 'STA_BREACH', distances: [{}] })).toEqual([
      'Please enter min distance in km',
      'Please enter max distance in km',
      'Please enter transit buffer in seconds',
      'Please enter loading time buffer in seconds',
      'Please enter unloading time buffer in minutes',
    ]);
    expect(validate(autoClosureFormSchema, { autoClosureType: 'RULE_BASED', threshold: 1, rules: [{}] })).toEqual([
      'Please Enter Auto Closure Subject',
      'Please Enter Time In Min',
      'Please select custom value',
      'Please select operator',
      'Please enter field value',
    ]);
    expect(validate(autoClosureFormSchema, { autoClosureType: 'LAST_MILE' })).toEqual([
      'Please enter last mile minutes',
    ]);
  });
});
