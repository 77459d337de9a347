/* A record's constructor in C: preflog/model/build.py's Builder.
 *
 * A record is an attrs class with slots and no validator, converter or hook (build.py checks which
 * may have one). Its generated __init__ runs in the interpreter and sets each field through
 * object.__setattr__, some five thousand machine instructions a record; the reader and the engine
 * build some forty records a deal. A Builder does what that __init__ does, the same fields from the
 * same arguments with the same defaults, in C: it fills the new instance's slots directly, at the
 * offsets of the class's own slot descriptors. The instance is the class's, built as the class
 * builds it; nothing of the class is changed.
 *
 * Its copy(source, *last) makes one from another instance's fields instead of arguments: the engine's
 * frozen and working states (game/state.py) are two classes with their base's slots, so a copy from
 * one kind to the other is a copy of the pointers in those slots.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define MAX_FIELDS 64  /* the engine's deal has some forty-five (game/state.py) */

enum { REQUIRED = 0, DEFAULT = 1, FACTORY = 2 };

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyTypeObject *cls;
    PyObject *names;     /* the __init__'s parameter names, in its order: positional ones first */
    PyObject *defaults;  /* each one's default value, or its factory, or None when required */
    Py_ssize_t n;
    Py_ssize_t positional;  /* the first ``positional`` may be given by position */
    Py_ssize_t offsets[MAX_FIELDS];
    PyTypeObject *owners[MAX_FIELDS];  /* the class whose slot each field is (the record's or a base) */
    PyTypeObject *checked;  /* the last class copy() found to have every slot it reads, or NULL */
    unsigned char kinds[MAX_FIELDS];
} Builder;

static PyObject *type_error(Builder *b, const char *what, PyObject *name) {
    if (name == NULL)
        PyErr_Format(PyExc_TypeError, "%s() %s", b->cls->tp_name, what);
    else
        PyErr_Format(PyExc_TypeError, "%s() %s: '%U'", b->cls->tp_name, what, name);
    return NULL;
}

static Py_ssize_t field_of(Builder *b, PyObject *name) {
    for (Py_ssize_t i = 0; i < b->n; i++)
        if (PyTuple_GET_ITEM(b->names, i) == name) return i;  /* the usual case: both interned */
    for (Py_ssize_t i = 0; i < b->n; i++) {
        int same = PyUnicode_Compare(PyTuple_GET_ITEM(b->names, i), name);
        if (same == 0) return i;
        if (same == -1 && PyErr_Occurred()) return -2;
    }
    return -1;
}

static PyObject *Builder_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Builder *b = (Builder *)self;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *values[MAX_FIELDS] = {NULL};
    PyObject *made[MAX_FIELDS] = {NULL};  /* the factories' values, owned here */
    if (nargs > b->positional) return type_error(b, "takes fewer positional arguments", NULL);
    for (Py_ssize_t i = 0; i < nargs; i++) values[i] = args[i];
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t j = 0; j < nkw; j++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, j);
        Py_ssize_t i = field_of(b, name);
        if (i == -2) return NULL;
        if (i < 0) return type_error(b, "got an unexpected keyword argument", name);
        if (values[i] != NULL) return type_error(b, "got multiple values for argument", name);
        values[i] = args[nargs + j];
    }
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < b->n; i++) {
        if (values[i] != NULL) continue;
        PyObject *fallback = PyTuple_GET_ITEM(b->defaults, i);
        if (b->kinds[i] == REQUIRED) {
            type_error(b, "missing a required argument", PyTuple_GET_ITEM(b->names, i));
            goto done;
        }
        if (b->kinds[i] == FACTORY) {
            made[i] = PyObject_CallNoArgs(fallback);
            if (made[i] == NULL) goto done;
            values[i] = made[i];
        } else {
            values[i] = fallback;
        }
    }
    result = b->cls->tp_alloc(b->cls, 0);
    if (result == NULL) goto done;
    for (Py_ssize_t i = 0; i < b->n; i++) {
        PyObject **slot = (PyObject **)((char *)result + b->offsets[i]);
        Py_INCREF(values[i]);
        *slot = values[i];
    }
done:
    for (Py_ssize_t i = 0; i < b->n; i++) Py_XDECREF(made[i]);
    return result;
}

/* Builder.copy(source, *last): an instance whose fields are those of ``source``, read from the same
 * slots (source is of the class of each field's slot, or a subclass), but for the last len(last)
 * fields, which are given, in the __init__'s order. */
static PyObject *Builder_copy(Builder *b, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1) return type_error(b, "copy() takes the instance to copy", NULL);
    PyObject *source = args[0];
    Py_ssize_t read = b->n - (nargs - 1);
    if (read < 0) return type_error(b, "copy() takes fewer fields", NULL);
    PyTypeObject *type = Py_TYPE(source);
    if (type != b->checked) {
        for (Py_ssize_t i = 0; i < read; i++)
            if (!PyType_IsSubtype(type, b->owners[i])) {
                PyErr_Format(PyExc_TypeError, "%s.copy(): a %s has no slot '%U'", b->cls->tp_name, type->tp_name,
                             PyTuple_GET_ITEM(b->names, i));
                return NULL;
            }
        Py_INCREF(type);
        Py_XSETREF(b->checked, type);
    }
    PyObject *result = b->cls->tp_alloc(b->cls, 0);
    if (result == NULL) return NULL;
    for (Py_ssize_t i = 0; i < b->n; i++) {
        PyObject *value = i < read ? *(PyObject **)((char *)source + b->offsets[i]) : args[1 + i - read];
        if (value == NULL) {  /* a slot never set: its instance was not built by its __init__ */
            PyErr_Format(PyExc_AttributeError, "%s.copy(): the %s has no '%U'", b->cls->tp_name, type->tp_name,
                         PyTuple_GET_ITEM(b->names, i));
            Py_DECREF(result);
            return NULL;
        }
        Py_INCREF(value);
        *(PyObject **)((char *)result + b->offsets[i]) = value;
    }
    return result;
}

/* Builder(cls, descriptors, names, defaults, kinds, positional): the slot descriptors of the fields
 * (the class's own or a base's), their parameter names, their defaults and the kind of each (bytes of
 * REQUIRED, DEFAULT or FACTORY), all in the __init__'s order, and how many come by position. */
static PyObject *Builder_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *cls, *descriptors, *names, *defaults, *kinds;
    Py_ssize_t positional;
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Builder() takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!n", &PyType_Type, &cls, &PyTuple_Type, &descriptors, &PyTuple_Type,
                          &names, &PyTuple_Type, &defaults, &PyBytes_Type, &kinds, &positional))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(descriptors);
    if (n > MAX_FIELDS || PyTuple_GET_SIZE(names) != n || PyTuple_GET_SIZE(defaults) != n
        || PyBytes_GET_SIZE(kinds) != n || positional < 0 || positional > n) {
        PyErr_SetString(PyExc_ValueError, "a field's descriptor, name, default and kind each, at most 64");
        return NULL;
    }
    PyTypeObject *record = (PyTypeObject *)cls;
    if (record->tp_itemsize != 0 || record->tp_alloc == NULL) {
        PyErr_SetString(PyExc_TypeError, "a record class of fixed size");
        return NULL;
    }
    Builder *b = (Builder *)type->tp_alloc(type, 0);
    if (b == NULL) return NULL;
    b->vectorcall = Builder_vectorcall;
    b->n = n;
    b->positional = positional;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyTuple_GET_ITEM(descriptors, i);
        PyObject *name = PyTuple_GET_ITEM(names, i);
        unsigned char kind = (unsigned char)PyBytes_AS_STRING(kinds)[i];
        if (!Py_IS_TYPE(d, &PyMemberDescr_Type) || !PyUnicode_Check(name) || kind > FACTORY) {
            PyErr_SetString(PyExc_TypeError, "a field is a slot's descriptor with a name and a kind");
            goto fail;
        }
        PyMemberDescrObject *member = (PyMemberDescrObject *)d;
        if (member->d_member->type != T_OBJECT_EX || (member->d_member->flags & READONLY)
            || !PyType_IsSubtype(record, PyDescr_TYPE(member))
            || member->d_member->offset < (Py_ssize_t)sizeof(PyObject)
            || member->d_member->offset + (Py_ssize_t)sizeof(PyObject *) > record->tp_basicsize) {
            PyErr_Format(PyExc_TypeError, "not a slot of %s: %U", record->tp_name, name);
            goto fail;
        }
        b->offsets[i] = member->d_member->offset;
        b->owners[i] = PyDescr_TYPE(member);  /* a base of cls (checked above), which cls keeps */
        b->kinds[i] = kind;
        for (Py_ssize_t j = 0; j < i; j++)
            if (b->offsets[j] == b->offsets[i]) {
                PyErr_Format(PyExc_TypeError, "a slot named twice: %U", name);
                goto fail;
            }
    }
    Py_INCREF(cls);
    b->cls = record;
    Py_INCREF(names);
    b->names = names;
    Py_INCREF(defaults);
    b->defaults = defaults;
    return (PyObject *)b;
fail:
    Py_DECREF(b);
    return NULL;
}

static int Builder_traverse(Builder *b, visitproc visit, void *arg) {
    Py_VISIT(b->cls);
    Py_VISIT(b->names);
    Py_VISIT(b->defaults);
    Py_VISIT(b->checked);
    return 0;
}

static int Builder_clear(Builder *b) {
    Py_CLEAR(b->cls);
    Py_CLEAR(b->names);
    Py_CLEAR(b->defaults);
    Py_CLEAR(b->checked);
    return 0;
}

static void Builder_dealloc(Builder *b) {
    PyObject_GC_UnTrack(b);
    Builder_clear(b);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static PyObject *Builder_repr(Builder *b) {
    if (b->cls == NULL) return PyUnicode_FromString("<Builder>");
    return PyUnicode_FromFormat("<Builder of %s>", b->cls->tp_name);
}

static PyMethodDef Builder_methods[] = {
    {"copy", (PyCFunction)(void (*)(void))Builder_copy, METH_FASTCALL,
     "copy(source, *last): a record with source's fields, read from the same slots, but for the last ones, given."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BuilderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "preflog.model._build.Builder",
    .tp_doc = "A record class's constructor in C (build.py's builder).",
    .tp_basicsize = sizeof(Builder),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = Builder_new,
    .tp_dealloc = (destructor)Builder_dealloc,
    .tp_traverse = (traverseproc)Builder_traverse,
    .tp_clear = (inquiry)Builder_clear,
    .tp_repr = (reprfunc)Builder_repr,
    .tp_methods = Builder_methods,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Builder, vectorcall),
};

/* tuple_of(cls, *items): an instance of cls, a tuple class (a NamedTuple: Span), holding the items, as
 * tuple.__new__(cls, items) makes it but without the tuple of the items, its slice and its copy that
 * that call makes first (model/tuples.py's tuple_maker; the reader makes some fifty spans a deal). */
static PyObject *tuple_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || !PyType_Check(args[0]) ||
            !PyType_FastSubclass((PyTypeObject *)args[0], Py_TPFLAGS_TUPLE_SUBCLASS)) {
        PyErr_SetString(PyExc_TypeError, "tuple_of(cls, *items): cls must be a tuple class");
        return NULL;
    }
    PyTypeObject *cls = (PyTypeObject *)args[0];
    Py_ssize_t n = nargs - 1;
    PyObject *made = cls->tp_alloc(cls, n);  /* its items NULL until set below, as tuple.__new__ leaves them */
    if (made == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(args[i + 1]);
        PyTuple_SET_ITEM(made, i, args[i + 1]);
    }
    return made;
}

static PyMethodDef module_methods[] = {
    {"tuple_of", (PyCFunction)(void (*)(void))tuple_of, METH_FASTCALL,
     "tuple_of(cls, *items): an instance of the tuple class cls holding items, as tuple.__new__(cls, items)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_build",
    "A record's constructor in C (preflog/model/build.py's Builder), and a tuple class's (tuple_of).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__build(void) {
    if (PyType_Ready(&BuilderType) < 0) return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) return NULL;
    Py_INCREF(&BuilderType);
    if (PyModule_AddObject(module, "Builder", (PyObject *)&BuilderType) < 0) {
        Py_DECREF(&BuilderType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
