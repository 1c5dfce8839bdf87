# The README's examples of the module run as written.
import re

from conftest import ROOT


def test_the_readme_examples_run():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Python: `import nim_game`", 1)[1].split("\n## ", 1)[0]
    examples = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(examples) == 2  # Nim's data set, Kayles
    for example in examples:
        assert len(example.splitlines()) <= 12
        exec(compile(example, "README.md", "exec"), {})
