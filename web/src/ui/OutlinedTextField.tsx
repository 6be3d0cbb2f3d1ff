import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

/**
 * MUI's outlined TextField put together from its parts (FormControl, InputLabel, OutlinedInput, FormHelperText), as
 * MUI's TextField renders it, for the pages that load it first: TextField itself also carries its `select` mode, which
 * imports MUI's Select, Menu, Popover and Modal (about 15 KB gzip) whether or not a field uses it.
 */
export function OutlinedTextField({
  label,
  helperText,
  error = false,
  fullWidth = true,
  size,
  ...input
}: Omit<OutlinedInputProps, 'label' | 'size'> & {
  label: string;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} size={size}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperText ? helperId : undefined} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
