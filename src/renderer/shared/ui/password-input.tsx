import { Group, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';

/** A password field whose content can be shown (SPEC.md §5: "The password can be toggled visible"). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Group attached width="full">
      <Input ref={ref} type={visible ? 'text' : 'password'} size="lg" {...props} />
      <IconButton
        type="button"
        variant="outline"
        size="lg"
        aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </IconButton>
    </Group>
  );
});
